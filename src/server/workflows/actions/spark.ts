// spark: sparks (serverless functions with releases) arrive with the user-code issue; until then the
// node fails with a clear message, in dry runs too, rather than pretending.
import type { NodeAction } from '../types';

export class SparkNotAvailable extends Error {
  readonly retryable = false;
  constructor() {
    super('Sparks are not available yet: this node cannot run.');
    this.name = 'SparkNotAvailable';
  }
}

export const sparkAction: NodeAction = {
  action: 'spark',
  async run() {
    throw new SparkNotAvailable();
  },
};
