import { createContext } from 'react';

/**
 * True while the login page is rendered into login.html at build time (render.tsx): the form
 * it produces is inert until the console takes over, so its submit button is disabled whatever
 * state the session machines start in (a native submit would put the password in the URL).
 */
export const PrerenderingContext = createContext(false);
