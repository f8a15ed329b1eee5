/**
 * The JSX typings of every oz-agui tag, for React 19 (which sets a custom
 * element's props as properties when the element has them, and listens to
 * `on<event-name>` props: `onoz-send`). Brought in by `oz-agui/react`, or
 * alone by `import type {} from 'oz-agui/react/jsx'`.
 *
 *   <oz-agent-chat endpoint="/agui" agent="helper" tenant="acme" onoz-send={(e) => e.text} />
 */
import type { DOMAttributes, HTMLAttributes, Key, Ref } from 'react';
import type { OzElementMap, OzEventMap, OzEventName, OzProps, OzTag } from './tags.js';

/** What JSX takes on tag `T`: its properties, its events as `on<event-name>`, and any HTML attribute. */
export type OzJsxProps<T extends OzTag> = OzProps<T> &
  Omit<HTMLAttributes<OzElementMap[T]>, keyof OzProps<T> | keyof DOMAttributes<OzElementMap[T]>> &
  Pick<DOMAttributes<OzElementMap[T]>, 'children' | 'onClick' | 'onKeyDown' | 'onFocus' | 'onBlur'> & {
    ref?: Ref<OzElementMap[T]>;
    key?: Key;
    class?: string;
    slot?: string;
  } & { [N in OzEventName<T> as `on${N}`]?: (event: OzEventMap[N]) => void };

type OzIntrinsicElements = { [T in OzTag]: OzJsxProps<T> };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX lives in a namespace.
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation by extension.
    interface IntrinsicElements extends OzIntrinsicElements {}
  }
}
