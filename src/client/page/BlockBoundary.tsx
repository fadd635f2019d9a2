// One error boundary per block: a block that throws is dropped (production) or shown as a labelled
// placeholder (CMS preview); its siblings keep rendering.
import { Component, type ReactNode } from 'react';
import { reportProblem } from './report.ts';
import { BlockPlaceholder } from './BlockPlaceholder.tsx';

interface Props {
  id: string;
  type: string;
  source: string;
  pointer: string;
  preview: boolean;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class BlockBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    // Like unknown types and invalid props: reported from members' pages; an editor previewing
    // a draft sees the placeholder instead, and drafts are not production faults.
    if (this.props.preview) return;
    reportProblem({ source: this.props.source, pointer: this.props.pointer, message: `render failed: ${error.message}` });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!this.props.preview) return null;
    return (
      <BlockPlaceholder
        id={this.props.id}
        type={this.props.type}
        problems={[{ source: this.props.source, pointer: this.props.pointer, message: `render failed: ${error.message}` }]}
      />
    );
  }
}
