// The migrations are plain SQL files read at run time: copy them next to the compiled code.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const to = fileURLToPath(new URL('../dist/db/migrations', import.meta.url));
cpSync(from, to, { recursive: true, filter: (path) => !path.endsWith('.ts') });
