import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  /** A change (the next navigation) clears the error and tries again. */
  resetKey: string;
  children: ReactNode;
}

/** Shows `fallback` instead of a blank page when a screen throws while rendering. */
export class ErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.resetKey });
    console.error('screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { failedAt } = this.state;
    const failed = failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey);
    return failed ? this.props.fallback : this.props.children;
  }
}
