/**
 * The server's entry. V8 keeps the code it compiled on disk between starts (Node ≥ 22.1), so a
 * restart skips compiling what it ran before (decision 060). The cache is turned on, and V8's
 * settings set (decision 081), before the server's modules load, hence the dynamic import.
 */
import './platform/runtime/v8-settings';
import module from 'node:module';

module.enableCompileCache?.();
await import('./server');
