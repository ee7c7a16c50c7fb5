/**
 * In a browser, Zod parses without compiling parsers (`new Function`): the web app's content
 * security policy forbids eval (script-src 'self'), and Chromium reports even Zod's caught probe
 * as a violation on every page (Lighthouse: inspector-issues). Set here, where the schemas are
 * made, because the web build evaluates this package's chunk before the app's entry module runs.
 * The server keeps the compiled parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });
