/**
 * Zod compiles object parsers with `new Function` when it may; our content security policy
 * forbids eval (script-src 'self'), and its probe alone is reported as a violation in every
 * page's console (Lighthouse: inspector-issues). Imported first by main.tsx, so every parse
 * takes the interpreted path.
 */
import { z } from 'zod';

z.config({ jitless: true });
