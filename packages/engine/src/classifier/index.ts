export { type Evaluation, evaluate, trainWithHoldOut } from './evaluate.ts';
export {
  type ClassifierModel,
  type Example,
  type Prediction,
  predict,
  type TrainOptions,
  trainClassifier,
} from './model.ts';
export { sampleDescriptions } from './sample-descriptions.ts';
export { modelFromBytes, modelToBytes } from './serialize.ts';
