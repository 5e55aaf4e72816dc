import { Component, type ReactNode } from 'react';

interface Props {
  /** a new value (the next address) drops the error and tries the page again */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Shows `fallback` in place of a page that threw while rendering or whose code failed to load;
 * the rest of the shell keeps working, and the next address renders its page again.
 */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
