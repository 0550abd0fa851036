// Starts a worker thread on a TypeScript module (workerData.entry): the API runs TypeScript
// through tsx, and a worker thread needs tsx's loader registered in it too.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
