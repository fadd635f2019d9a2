// A part of the page whose code loads on demand (React.lazy) and that the page can do without: it
// shows nothing while its chunk loads, and nothing if the chunk cannot be fetched (a network
// failure, a deploy that replaced it), instead of taking the page down with it.
import { Component, Suspense, type ReactNode } from 'react';

export class Deferred extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
