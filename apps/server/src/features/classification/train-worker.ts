import { parentPort } from 'node:worker_threads';
import { type Example, modelToBytes, type TrainOptions, trainWithHoldOut } from '@taxrecon/engine';

// The training worker: takes the examples, trains on four fifths, evaluates
// on the fifth held back, answers the model as bytes. Training a large file
// takes seconds to minutes of CPU; here it never blocks the API.

export interface TrainRequest {
  examples: Example[];
  options: Omit<TrainOptions, 'onProgress'>;
}

export interface TrainResult {
  model: Uint8Array;
  labels: string[];
  trainedOn: number;
  heldBack: number;
  accuracy: number;
  macroF1: number;
}

export type TrainWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: TrainResult }
  | { type: 'error'; message: string };

export const train = (request: TrainRequest, onProgress: (fraction: number) => void): TrainResult => {
  const { model, evaluation } = trainWithHoldOut(request.examples, { ...request.options, onProgress });
  return {
    model: modelToBytes(model),
    labels: model.labels,
    trainedOn: model.trainedOn,
    heldBack: evaluation.examples,
    accuracy: evaluation.accuracy,
    macroF1: evaluation.macroF1,
  };
};

const port = parentPort;
if (port) {
  port.once('message', (request: TrainRequest) => {
    try {
      const result = train(request, (fraction) =>
        port.postMessage({ type: 'progress', fraction } satisfies TrainWorkerMessage),
      );
      port.postMessage({ type: 'done', result } satisfies TrainWorkerMessage, [
        result.model.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      port.postMessage({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies TrainWorkerMessage);
    }
  });
}
