/**
 * oz-agui in a React 19 app: the chat as a component with typed props and
 * event props (`oz-agui/react`), a ref to its element, and the board beside
 * it as a tag written directly in JSX (typed by the same import), given the
 * chat's store as a property. `?direct` shows the chat as a tag too.
 */
import { useRef, useState } from 'react';
import { OzAgentChat, type OzAgentChatElement, type OzRunFinishedEvent, type OzSendEvent } from 'oz-agui/react';

const AGENTS = ['helper', 'writer', 'asker'] as const;
/** Image origins the chat may show (an array: set as a property, never as an attribute). */
const IMAGES = ['https://images.example.com'];
const direct = new URLSearchParams(location.search).has('direct');

export function App() {
  const chat = useRef<OzAgentChatElement>(null);
  const [agent, setAgent] = useState<string>('helper');
  const [store, setStore] = useState<OzAgentChatElement['store']>();
  const [sent, setSent] = useState(0);
  const [outcome, setOutcome] = useState('');

  // A listener may cancel a send (e.preventDefault()) or just watch it.
  const onSend = (e: OzSendEvent) => setSent((n) => (e.text ? n + 1 : n));
  const onRunStarted = () => setStore(chat.current?.store);
  const onRunFinished = (e: OzRunFinishedEvent) => setOutcome(e.outcome);
  // The same properties either way; only the event props are spelled differently (onOzSend, onoz-send).
  const chatProps = { endpoint: '/agui', agent, tenant: 'acme', board: 'none', imageAllowlist: IMAGES, style: { minHeight: 0 } } as const;

  return (
    <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', gridTemplateColumns: '1fr 18rem', height: '100%' }}>
      <header style={{ gridColumn: '1 / -1', display: 'flex', gap: '1rem', alignItems: 'center', padding: '0.5rem 1rem' }}>
        <label>
          Agent{' '}
          <select value={agent} onChange={(e) => setAgent(e.target.value)}>
            {AGENTS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <span>
          Sent <output aria-label="Sent">{sent}</output>
        </span>
        <span>
          Last outcome <output aria-label="Last outcome">{outcome}</output>
        </span>
        <button type="button" onClick={() => void chat.current?.send('Please greet the team')}>
          Greet the team
        </button>
      </header>
      {direct ? (
        <oz-agent-chat key={agent} ref={chat} {...chatProps} onoz-send={onSend} onoz-run-started={onRunStarted} onoz-run-finished={onRunFinished} />
      ) : (
        <OzAgentChat key={agent} ref={chat} {...chatProps} onOzSend={onSend} onOzRunStarted={onRunStarted} onOzRunFinished={onRunFinished} />
      )}
      <aside aria-label="Board" style={{ overflow: 'auto', padding: '0 1rem' }}>
        <oz-board store={store} headingLevel={3} />
      </aside>
    </div>
  );
}
