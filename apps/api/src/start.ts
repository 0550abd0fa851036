import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.ts';

/** `npm start`: the API server, started again when its process dies (see supervisor.ts). */
const supervisor = supervise({ script: fileURLToPath(new URL('./server.ts', import.meta.url)) });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void supervisor.stop().then((code) => process.exit(code));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
