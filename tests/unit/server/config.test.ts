import { describe, expect, it } from 'vitest';
import { defaultScriptWorkers, loadConfig } from '../../../src/server/platform/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      // The embedded database listens on loopback by default; with DATABASE_URL on every interface.
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: './data',
      adminEmail: 'admin@luma.local',
      adminPassword: null,
      sessionIdleMs: 120 * 60_000,
      sessionAbsoluteMs: 168 * 3_600_000,
      publicUrl: 'http://localhost:8080',
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerAddress: 20,
      loginWindowMs: 15 * 60_000,
    });
  });

  it('listens on every interface by default only with DATABASE_URL; HOST always wins', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h/db',
      LUMA_DATA_DIR: 'memory://',
      LUMA_ADMIN_EMAIL: 'root@example.com',
      LUMA_ADMIN_PASSWORD: 'secret-pass',
      LUMA_SESSION_IDLE_MINUTES: '0.5',
      LUMA_SESSION_ABSOLUTE_HOURS: '2',
      LUMA_PUBLIC_URL: 'https://luma.example.com',
      LUMA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      LUMA_LOGIN_MAX_FAILURES_PER_ADDRESS: '9',
      LUMA_LOGIN_WINDOW_MINUTES: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h/db',
      dataDir: 'memory://',
      adminEmail: 'root@example.com',
      adminPassword: 'secret-pass',
      sessionIdleMs: 30_000,
      sessionAbsoluteMs: 7_200_000,
      publicUrl: 'https://luma.example.com',
      loginMaxFailuresPerAccount: 2,
      loginMaxFailuresPerAddress: 9,
      loginWindowMs: 60_000,
    });
  });

  it('derives the public URL from PORT', () => {
    expect(loadConfig({ PORT: '8099' }).publicUrl).toBe('http://localhost:8099');
  });

  it('takes writes from LUMA_PUBLIC_URL alone, or, while it is unset, from the loopback names of the port', () => {
    expect(loadConfig({ PORT: '8099' }).writeOrigins).toEqual(['http://localhost:8099', 'http://127.0.0.1:8099', 'http://[::1]:8099']);
    expect(loadConfig({ PORT: '8099', LUMA_PUBLIC_URL: 'https://luma.example.com/app/' }).writeOrigins).toEqual(['https://luma.example.com']);
  });

  it('workflow budgets: 5000 writes and 2500 runs per chain by default, whole positive numbers otherwise', () => {
    expect(loadConfig({})).toMatchObject({ workflowChainWrites: 5000, workflowChainRuns: 2500 });
    expect(loadConfig({ LUMA_WORKFLOW_CHAIN_WRITES: '40', LUMA_WORKFLOW_CHAIN_RUNS: '12.7' })).toMatchObject({ workflowChainWrites: 40, workflowChainRuns: 12 });
    expect(() => loadConfig({ LUMA_WORKFLOW_CHAIN_RUNS: '0' })).toThrow(/LUMA_WORKFLOW_CHAIN_RUNS/);
    expect(() => loadConfig({ LUMA_WORKFLOW_CHAIN_WRITES: 'many' })).toThrow(/LUMA_WORKFLOW_CHAIN_WRITES/);
  });

  it('rejects nonsense instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LUMA_SESSION_IDLE_MINUTES: '-1' })).toThrow(/LUMA_SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ LUMA_PUBLIC_URL: 'localhost' })).toThrow(/LUMA_PUBLIC_URL/);
    expect(() => loadConfig({ LUMA_ROLE: 'server' })).toThrow(/LUMA_ROLE/);
    expect(() => loadConfig({ LUMA_JOB_EXPIRE_SECONDS: '0' })).toThrow(/LUMA_JOB_EXPIRE_SECONDS/);
  });

  it('the user-code pool: LUMA_SCRIPT_WORKERS and LUMA_SCRIPT_MEMORY_MB, in range or refused', () => {
    expect(loadConfig({}).scriptMemoryBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({}).scriptWorkers).toBe(defaultScriptWorkers());
    expect(loadConfig({ LUMA_SCRIPT_WORKERS: '3', LUMA_SCRIPT_MEMORY_MB: '64' })).toMatchObject({ scriptWorkers: 3, scriptMemoryBytes: 64 * 1024 * 1024 });
    expect(() => loadConfig({ LUMA_SCRIPT_MEMORY_MB: '512' })).toThrow(/LUMA_SCRIPT_MEMORY_MB must be from 4 to 256/);
    expect(() => loadConfig({ LUMA_SCRIPT_MEMORY_MB: '2' })).toThrow(/LUMA_SCRIPT_MEMORY_MB/);
    expect(() => loadConfig({ LUMA_SCRIPT_WORKERS: '0' })).toThrow(/LUMA_SCRIPT_WORKERS/);
  });

  it('LUMA_ROLE is web, worker or all (default); job timing and bulk batch size have defaults', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', jobExpireSeconds: 300, jobPollSeconds: 1, jobMaintenanceSeconds: 30, bulkBatchSize: 1000 });
    for (const role of ['web', 'worker', 'all'] as const) expect(loadConfig({ LUMA_ROLE: role }).role).toBe(role);
    expect(loadConfig({ LUMA_JOB_POLL_SECONDS: '0.1', LUMA_BULK_BATCH_SIZE: '5' })).toMatchObject({ jobPollSeconds: 0.5, bulkBatchSize: 5 });
  });
});
