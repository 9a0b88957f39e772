import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '../lib/logger';
import { ErrorScreen } from './routes/error-screen';

interface State {
  error?: unknown;
}

/** Anything a screen throws while rendering (or a page chunk that fails to load after a deployment). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.error('Unhandled error while rendering', { error, componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : <ErrorScreen />;
  }
}
