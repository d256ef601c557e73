// Auth calls (ARCHITECTURE "Auth API"): not cached, so plain functions for mutations.
import type { LoginRequest, LoginResponse } from '../api/contract';
import { mainClient } from './clients';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  mainClient.post<LoginResponse>('/v1/auth/login', body);

export const logout = (): Promise<void> => mainClient.post<void>('/v1/auth/logout');
