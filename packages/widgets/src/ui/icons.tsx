import type { ReactNode, SVGProps } from 'react';

// One icon set: lucide's artwork (ISC licence, https://lucide.dev), the twelve the widgets use,
// drawn by this one component instead of lucide-react's runtime, which cost the calendar-only
// embed and the Gantt entry their bundle budgets (docs/adr/0024). The app uses lucide-react.

/** The size icons take inside `.cad-icon-button`. */
export const ICON_SIZE = 16;

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(name: string, children: ReactNode) {
  const Icon = ({ size = 24, ...rest }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`cad-icon cad-icon--${name}`}
      {...rest}
    >
      {children}
    </svg>
  );
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = /* @__PURE__ */ icon('arrow-left', <><path d="m12 19-7-7 7-7" /><path d="M19 12H5" /></>);
export const Bell = /* @__PURE__ */ icon('bell', <><path d="M10.268 21a2 2 0 0 0 3.464 0" /><path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" /></>);
export const Check = /* @__PURE__ */ icon('check', <path d="M20 6 9 17l-5-5" />);
export const ChevronLeft = /* @__PURE__ */ icon('chevron-left', <path d="m15 18-6-6 6-6" />);
export const ChevronRight = /* @__PURE__ */ icon('chevron-right', <path d="m9 18 6-6-6-6" />);
export const Copy = /* @__PURE__ */ icon('copy', <><rect width="14" height="14" x="8" y="8" rx="2" ry="2" /><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" /></>);
export const Eye = /* @__PURE__ */ icon('eye', <><path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" /><circle cx="12" cy="12" r="3" /></>);
export const Funnel = /* @__PURE__ */ icon('funnel', <path d="M10 20a1 1 0 0 0 .553.895l2 1A1 1 0 0 0 14 21v-7a2 2 0 0 1 .517-1.341L21.74 4.67A1 1 0 0 0 21 3H3a1 1 0 0 0-.742 1.67l7.225 7.989A2 2 0 0 1 10 14z" />);
export const MessageSquare = /* @__PURE__ */ icon('message-square', <path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z" />);
export const Pencil = /* @__PURE__ */ icon('pencil', <><path d="M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z" /><path d="m15 5 4 4" /></>);
export const Printer = /* @__PURE__ */ icon('printer', <><path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" /><path d="M6 9V3a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v6" /><rect x="6" y="14" width="12" height="8" rx="1" /></>);
export const TriangleAlert = /* @__PURE__ */ icon('triangle-alert', <><path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" /><path d="M12 9v4" /><path d="M12 17h.01" /></>);
export const Trash2 = /* @__PURE__ */ icon('trash-2', <><path d="M10 11v6" /><path d="M14 11v6" /><path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" /><path d="M3 6h18" /><path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" /></>);
