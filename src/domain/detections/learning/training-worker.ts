import { parentPort } from 'node:worker_threads';
import { runTraining, type TrainingJob } from './classifier-training.js';

/** The training thread: featurizing and fitting tens of thousands of examples never runs on the request event loop. */
parentPort!.on('message', (message: { id: number; job: TrainingJob }) => {
  try {
    const outcome = runTraining(message.job);
    parentPort!.postMessage({ id: message.id, result: outcome }, outcome.status === 'trained' ? [outcome.weights.buffer as ArrayBuffer] : []);
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message ?? String(error) });
  }
});

parentPort!.postMessage({ ready: true });
