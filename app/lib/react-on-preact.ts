/**
 * What `import … from "react"` means in the browser build (decision 083): React's API as Preact's
 * compat layer provides it, plus what the site relies on and Preact does differently. The server
 * still renders with React; the phone downloads Preact, ~50 KB (Brotli) less on every first visit.
 */
import { options, type VNode } from "preact";
import { serverRenderedSelects } from "./server-rendered.client.ts";

// @ts-expect-error -- compat's types say `export =`; the module is ESM with named exports.
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React Router imports one hook Preact lacks, `useOptimistic`. Its setter is only called for a
 * router created with `useTransitions: true`, which this site never asks for: calling it fails
 * loudly instead of dropping a state update without a word.
 */
export function useOptimistic<State>(state: State): [State, (next: unknown) => never] {
  return [
    state,
    () => {
      throw new Error("useOptimistic: the browser build runs on Preact, which has no optimistic state");
    },
  ];
}

type ElementRef = ((element: Element | null) => void) | { current: Element | null } | null | undefined;

/** Selects the browser built and already given their default option. */
const mounted = new WeakSet<Element>();

/**
 * React's first-mount behaviour for a <select> the browser built (never for one the server sent,
 * which the browser already set as it parsed the page, and which the reader may have changed
 * since): its `defaultValue` chooses its option. Preact's compat marks that option only among
 * the select's direct <option> children; ours sit in <optgroup>s and components, and the select
 * showed its first option instead.
 */
function onFirstMount(element: Element, selectDefault: string) {
  if (serverRenderedSelects.has(element) || mounted.has(element)) return;
  mounted.add(element);
  if (element instanceof HTMLSelectElement) element.value = selectDefault;
}

function assignRef(ref: ElementRef, element: Element | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

const compatVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  compatVNodeHook?.(vnode);
  if (vnode.type !== "select") return;
  const props = vnode.props as Record<string, unknown>;
  if (props.defaultValue == null || props.multiple) return;
  const selectDefault = String(props.defaultValue);
  // Otherwise written to the DOM as an attribute `defaultvalue`, which HTML does not have.
  delete props.defaultValue;
  vnode.ref = withFirstMount(vnode.ref as ElementRef, selectDefault);
};

const refsWithoutOwn = new Map<string, ElementRef>();
const refsWithOwn = new WeakMap<object, Map<string, ElementRef>>();

/**
 * The select's own ref, plus its first-mount behaviour. The same function for the same inputs on
 * every render: Preact calls a ref that changed on each render, and an element's own callback
 * ref expects one call per mount.
 */
function withFirstMount(ownRef: ElementRef, selectDefault: string): ElementRef {
  let refs = refsWithoutOwn;
  if (ownRef) {
    refs = refsWithOwn.get(ownRef) ?? new Map();
    refsWithOwn.set(ownRef, refs);
  }
  let ref = refs.get(selectDefault);
  if (!ref) {
    ref = (element: Element | null) => {
      assignRef(ownRef, element);
      if (element) onFirstMount(element, selectDefault);
    };
    refs.set(selectDefault, ref);
  }
  return ref;
}
