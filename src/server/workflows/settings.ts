// The node actions' outgoing-call settings and the chains' budgets, from configuration.
import type { Config } from '../platform/config';
import { WORKFLOW_TIMEOUT_MS } from '../../../runtime/workflows/constants';
import type { ActionSettings } from './types';

export function actionSettings(
  config: Pick<Config, 'workflowHttpAllow' | 'smtpUrl' | 'mailFrom' | 'fcm'> & Partial<Pick<Config, 'sparkTimeoutMs' | 'scriptCallsPerMinute' | 'workflowChainWrites' | 'workflowChainRuns'>>,
): ActionSettings {
  return {
    httpAllow: config.workflowHttpAllow,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    fcm: config.fcm,
    timeoutMs: WORKFLOW_TIMEOUT_MS,
    sparkTimeoutMs: config.sparkTimeoutMs,
    scriptCallsPerMinute: config.scriptCallsPerMinute,
    ...(config.workflowChainWrites !== undefined && config.workflowChainRuns !== undefined ? { chainBudget: { writes: config.workflowChainWrites, runs: config.workflowChainRuns } } : {}),
  };
}
