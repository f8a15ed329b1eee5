/** The page's thread list, kept per person in localStorage across reloads. */

export interface ThreadEntry {
  id: string;
  agent: string;
  title: string;
  createdAt: number;
}

const key = (person: string) => `oz-chat-app:threads:${person}`;

export function loadThreads(storage: Storage, person: string): ThreadEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(person)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as ThreadEntry[]).filter((t) => typeof t?.id === 'string' && typeof t?.agent === 'string') : [];
  } catch {
    return [];
  }
}

export function saveThreads(storage: Storage, person: string, threads: ThreadEntry[]): void {
  storage.setItem(key(person), JSON.stringify(threads.slice(0, 200)));
}

export function newThread(agent: string, now = Date.now()): ThreadEntry {
  const id = `chat-${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  return { id, agent, title: `${agent} · ${new Date(now).toLocaleString()}`, createdAt: now };
}

/** `thread` titled by the first line of its first message (its agent and date when that is empty). */
export function titled(thread: ThreadEntry, text: string): ThreadEntry {
  const words = text.trim().split('\n')[0]!.replace(/\s+/g, ' ');
  if (!words) return thread;
  return { ...thread, title: words.length > 60 ? `${words.slice(0, 59)}…` : words };
}
