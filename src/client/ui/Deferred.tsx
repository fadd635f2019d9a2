// A part of the page whose code loads on demand (React.lazy) and that the page can do without: it
// shows nothing (or a stand-in of the same size, `fallback`, where the part sits in the page's flow
// and would push what is below it) while its chunk loads, and nothing if the chunk cannot be fetched
// (a network failure, a deploy that replaced it), instead of taking the page down with it.
import { Component, Suspense, type ReactNode } from 'react';

export class Deferred extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}
