import type { CadenceClient } from '@cadence/core';
import { createRoot, type Root } from 'react-dom/client';
import { baseStyles } from '../styles/CadenceStyles';
import { OBSERVED_ATTRIBUTES, configFromAttributes, type ElementConfig, type ElementTag } from './config';
import { EmbeddedWidget, type WidgetComponent } from './EmbeddedWidget';

/**
 * Inside the shadow root: the host is a block; the mount point resets every property the
 * host page could pass down by inheritance (custom properties, i.e. `--cadence-*`, still
 * inherit, which is how a page themes the widget).
 */
export const ELEMENT_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.cad-embed { all: initial; display: block; }
.cad-embed-message { font-family: ui-monospace, monospace; font-size: 13px; color: #b91c1c; background: #fef2f2; border: 1px solid #fecaca; border-radius: 6px; padding: 0.75rem 1rem; }
.cad-embed-message__line { margin: 0; }
.cad-embed-signin.cad-panel { display: flex; flex-direction: column; gap: 0.75rem; max-width: 24rem; }
.cad-embed-signin__hint { color: var(--cad-muted-fg); }
.cad-embed-signin__error { color: var(--cad-danger); }
.cad-embed-signout { display: flex; justify-content: flex-end; margin-top: 0.25rem; }
`;

/** The element classes' common shape (for tests and the React-less host page). */
export interface CadenceElement extends HTMLElement {
  /** An injected client (tests, stories); when set, api-url and credentials are not used. */
  client: CadenceClient | undefined;
  /** What the attributes currently mean. */
  readonly config: ElementConfig;
}

/** The element's own writable properties a page may set before the definition arrives. */
const UPGRADED_PROPERTIES = ['client'] as const;

const attributesOf = (el: HTMLElement) =>
  Object.fromEntries(OBSERVED_ATTRIBUTES.map((name) => [name, el.getAttribute(name)]));

/**
 * A custom element class rendering `widget` in an open Shadow DOM, configured by the
 * attributes of `tag`. Only that widget's code is bundled with it.
 */
export function createWidgetElement(tag: ElementTag, widget: WidgetComponent): CustomElementConstructor {
  return class CadenceWidgetElement extends HTMLElement implements CadenceElement {
    static get observedAttributes(): readonly string[] {
      return OBSERVED_ATTRIBUTES;
    }

    #root: Root | null = null;
    #mount: HTMLElement | null = null;
    #client: CadenceClient | undefined;
    #warned = '';

    get client(): CadenceClient | undefined {
      return this.#client;
    }

    set client(c: CadenceClient | undefined) {
      this.#client = c;
      this.#render();
    }

    get config(): ElementConfig {
      return configFromAttributes(tag, attributesOf(this));
    }

    connectedCallback(): void {
      this.#upgradeProperties();
      if (!this.shadowRoot) {
        const shadow = this.attachShadow({ mode: 'open' });
        const style = document.createElement('style');
        style.textContent = `${baseStyles}\n${ELEMENT_CSS}`;
        this.#mount = document.createElement('div');
        this.#mount.className = 'cad-embed';
        shadow.append(style, this.#mount);
      }
      this.#mount ??= this.shadowRoot!.querySelector<HTMLElement>('.cad-embed');
      this.#root ??= createRoot(this.#mount!);
      this.#render();
    }

    attributeChangedCallback(_name: string, old: string | null, value: string | null): void {
      if (old !== value) this.#render();
    }

    /** Unmounting closes the provider's realtime socket and removes every listener. */
    disconnectedCallback(): void {
      const root = this.#root;
      this.#root = null;
      root?.unmount();
    }

    /**
     * The standalone scripts define the elements once their ES modules have loaded, i.e. after
     * the page may already have set `el.client = …` on the not-yet-upgraded element: that set an
     * own data property on the instance, which hides the class's accessor. Each such property is
     * taken off and assigned again through the setter (the "upgrade property" pattern).
     */
    #upgradeProperties(): void {
      for (const name of UPGRADED_PROPERTIES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }

    #render(): void {
      if (!this.#root) return;
      const config = this.config;
      const problems = this.#client ? '' : config.errors.join('\n');
      if (problems && problems !== this.#warned) console.error(problems);
      this.#warned = problems;
      this.#root.render(<EmbeddedWidget config={config} widget={widget} {...(this.#client ? { client: this.#client } : {})} />);
    }
  };
}

/** Registers `<tag>` rendering `widget`, unless the registry already has it (e.g. from a second script). */
export function defineCadenceElement(tag: ElementTag, widget: WidgetComponent, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(tag)) registry.define(tag, createWidgetElement(tag, widget));
}
