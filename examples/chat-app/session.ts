/**
 * The example's development sign-in: a signed cookie naming the person. A real
 * app has its own sign-in; what matters is that the server, not the page,
 * maps the signed-in person to their OZ app token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'oz_chat_person';

export interface Sessions {
  /** A Set-Cookie value that signs `person` in. */
  issue(person: string): string;
  /** The person a Cookie header names, when its signature holds. */
  read(cookieHeader: string | null | undefined): string | undefined;
  /** A Set-Cookie value that signs out. */
  clear(): string;
}

/** Sessions signed with a secret made at start (a restart signs everyone out). */
export function createSessions(secret: Buffer = randomBytes(32)): Sessions {
  const sign = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');
  const attrs = 'Path=/; HttpOnly; SameSite=Strict';
  return {
    issue: (person) => `${SESSION_COOKIE}=${encodeURIComponent(person)}.${sign(person)}; ${attrs}`,
    clear: () => `${SESSION_COOKIE}=; ${attrs}; Max-Age=0`,
    read(cookieHeader) {
      if (!cookieHeader) return undefined;
      for (const part of cookieHeader.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name !== SESSION_COOKIE) continue;
        const value = rest.join('=');
        const dot = value.lastIndexOf('.');
        if (dot < 0) return undefined;
        const person = decodeURIComponent(value.slice(0, dot));
        const given = Buffer.from(value.slice(dot + 1));
        const expected = Buffer.from(sign(person));
        return given.length === expected.length && timingSafeEqual(given, expected) ? person : undefined;
      }
      return undefined;
    },
  };
}
