import type { CadenceClient } from '@cadence/core';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { CadenceProvider } from '../provider/CadenceProvider';
import { CadenceContext, PortalRootContext } from '../provider/context';

/** Props every widget takes. */
export interface WidgetProps {
  /** An injected client; otherwise the one of the surrounding CadenceProvider. */
  client?: CadenceClient;
  className?: string;
}

/** Widgets that are a whole page where they are embedded (ideas, events, ad manager, permissions). */
export interface PageWidgetProps extends WidgetProps {
  /** The title's heading level: 1 when the widget is the page (the app), 2 (default) inside a host's page. */
  headingLevel?: 1 | 2;
}

const InsideWidget = createContext(false);

interface RootProps extends WidgetProps {
  name: string;
  children: ReactNode;
}

function Shell({ name, className, children }: RootProps): ReactNode {
  const [portalRoot, setPortalRoot] = useState<HTMLElement | null>(null);
  return (
    <InsideWidget.Provider value>
      <PortalRootContext.Provider value={portalRoot}>
        <div ref={setPortalRoot} className={`cad-root cad-${name.toLowerCase()}${className ? ` ${className}` : ''}`}>
          {children}
        </div>
      </PortalRootContext.Provider>
    </InsideWidget.Provider>
  );
}

/**
 * The `.cad-root` element of a widget: styles are scoped to it and dialogs portal into it.
 * A `client` prop gets its own provider; a widget inside another widget adds nothing.
 */
export function WidgetRoot(props: RootProps): ReactNode {
  const ctx = useContext(CadenceContext);
  const inside = useContext(InsideWidget);
  if (props.client && ctx?.client !== props.client) {
    return (
      <CadenceProvider client={props.client}>
        <WidgetRoot {...props} client={undefined} />
      </CadenceProvider>
    );
  }
  if (!ctx) throw new Error(`[Cadence] <${props.name}> must be rendered inside <CadenceProvider>, or be given a \`client\` prop.`);
  if (inside) return props.children;
  return <Shell {...props} />;
}
