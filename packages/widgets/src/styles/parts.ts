/**
 * The stylesheet parts in the order the full sheet joins them (the base first): `styles.css` in
 * the package (vite.config.ts) and the `cadenceStyles` string (all-styles.ts) both follow it.
 */
export const STYLE_PARTS = ['base', 'pages', 'filters', 'calendar', 'channels', 'gantt', 'ideas', 'tables', 'ad-manager', 'permissions', 'history', 'print', 'print-layout', 'load'] as const;
