import { html } from 'lit';
import type { ReplayStore } from '../replay/replay-store.js';
import type { InspectorStrings } from '../shared/strings.js';

/** Speeds offered (Infinity: as fast as possible). */
export const SPEEDS: readonly number[] = [0.5, 1, 2, 5, 20, Infinity];

export interface ReplayControlsContext {
  t: InspectorStrings;
  hasTarget: boolean;
  hasRecording: boolean;
  /** The replay playing into the target now, if any. */
  active: ReplayStore | undefined;
  speed: number;
  position: { position: number; total: number };
  setSpeed(speed: number): void;
  /** The replay to drive: the active one, or a new one (paused) into the target. */
  start(): ReplayStore;
}

/** The replay fieldset: speed, play or pause, step, reset, and where it is. */
export function renderReplayControls(c: ReplayControlsContext) {
  const t = c.t;
  return html`<fieldset class="replay" part="replay">
    <legend>${t.replayLabel}</legend>
    ${
      c.hasTarget
        ? html`<label
            >${t.speed}
            <select @change=${(e: Event) => c.setSpeed(Number((e.target as HTMLSelectElement).value))}>
              ${SPEEDS.map((s) => html`<option value=${s} ?selected=${s === c.speed}>${Number.isFinite(s) ? `${s}×` : t.speedAsFast}</option>`)}
            </select></label
          >
          ${
            c.active?.playing
              ? html`<button @click=${() => c.active!.pause()}>${t.pause}</button>`
              : html`<button class="primary" ?disabled=${!c.hasRecording} @click=${() => void c.start().play({ speed: c.speed })}>${t.play}</button>`
          }
          <button ?disabled=${!c.hasRecording} @click=${() => c.start().step()}>${t.step}</button>
          <button ?disabled=${!c.active} @click=${() => c.active?.reset()}>${t.reset}</button>
          <span role="status">${c.active ? t.replayPosition(c.position.position, c.position.total) : ''}</span>`
        : html`<span>${t.replayNoTarget}</span>`
    }
  </fieldset>`;
}
