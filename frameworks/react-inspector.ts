/**
 * `oz-agui/react/inspector`: `<oz-inspector>` as a React component (an entry
 * of its own, as `oz-agui/inspector` is: the chat's does not carry it).
 * Importing it registers the inspector's tags.
 *
 *   import { OzInspector } from 'oz-agui/react/inspector';
 *   <OzInspector for="chat" docked onOzInspectorToggle={(e) => console.log(e.open)} />
 */
import '../inspector/define.js';
import { OzInspector as Inspector } from '../inspector/index.js';
import { ozComponent } from './react-component.js';

export const OzInspector = ozComponent('oz-inspector', Inspector, 'OzInspector');

/** The element class, for refs. */
export type { OzInspector as OzInspectorElement } from '../inspector/index.js';
/** The JSX typings of every tag come with this entry too. */
export type { OzJsxProps } from './react-jsx.js';
export { OzInspectorImportEvent, OzInspectorSelectEvent, OzInspectorToggleEvent } from '../inspector/index.js';
