/**
 * The signed-in user: the session (Amplify) plus the caller's identity from GET /me (role, full name,
 * dealership, broker approval). Shared by the route guard and every feature that greets or authorizes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MeResponse } from '@shared/auth/api';
import { getSessionToken, loadAuth } from './amplify';
import { api, isApiError } from './api-client';
import { logger } from './logger';

export type User = MeResponse;

/** The history state of the first screen after signing in for the first time: the dashboard greets a new user. */
export interface SignedInState {
  newUser: true;
}

export function isNewUserState(state: unknown): state is SignedInState {
  return typeof state === 'object' && state !== null && (state as Partial<SignedInState>).newUser === true;
}

export const userQueryKey = ['me'] as const;

/** The current user, or null when signed out (or when the API no longer accepts the session's token). */
export async function getUser(): Promise<User | null> {
  if (!(await getSessionToken())) return null;
  try {
    return await api.get<User>('/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      await signOutLocally();
      return null;
    }
    throw error;
  }
}

export function useUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: getUser, staleTime: Infinity });
}

async function signOutLocally(): Promise<void> {
  try {
    const { signOut } = await loadAuth();
    await signOut();
  } catch (error) {
    logger.warn('Sign-out failed; the local session is cleared anyway', error);
  }
}

/** Signs out, forgets every cached query and returns to /auth (logout always returns to /auth). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOutLocally();
    queryClient.clear();
    await navigate('/auth', { replace: true });
  }, [queryClient, navigate]);
}

/** The user on a screen behind the route guard, which renders its screens only once the user is known. */
export function useRequiredUser(): User {
  const { data } = useUser();
  if (!data) throw new Error('useRequiredUser() is for screens behind the route guard');
  return data;
}
