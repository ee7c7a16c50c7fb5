/**
 * The server's entry. V8 keeps the code it compiled on disk between starts (Node ≥ 22.1), so a
 * restart skips compiling what it ran before (decision 060); the cache is turned on before the
 * server's modules load, hence the dynamic import.
 */
import './platform/runtime/v8-settings';
import module from 'node:module';

module.enableCompileCache?.();
await import('./server');
