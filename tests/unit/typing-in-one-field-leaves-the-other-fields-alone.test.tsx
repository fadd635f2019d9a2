// @vitest-environment happy-dom
// A letter typed in one field of a block's form draws that field again and leaves the others (and the
// block's audience checklists) untouched: on a phone-sized editor every input written again per
// letter cost the keystroke most of its frame. The others still follow their own changes: a problem
// named at one of them shows there, and the latest change handler is the one called.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import copy from '../../partners/_base/copy.json';
import { CopyProvider } from '#client/editor/copy.tsx';
import { PartnerProvider } from '#client/editor/partner.tsx';
import { SchemaForm, type Path } from '#client/editor/form/SchemaForm.tsx';
import type { ProblemMap } from '#client/editor/form/problems.ts';
import type { JsonSchema } from '#client/editor/form/schema.ts';
import { WhenEditor } from '#client/editor/layout/WhenEditor.tsx';
import type { EditorBootstrap } from '#shared/editor-bootstrap.ts';

afterEach(cleanup);

const schema: JsonSchema = {
  $id: 'blocks/test-row.props.schema.json',
  type: 'object',
  required: ['headline'],
  properties: {
    headline: { type: 'string', title: 'Heading', maxLength: 80 },
    body: { type: 'string', title: 'Text', maxLength: 200 },
    viewAllText: { type: 'string', title: 'View all text', maxLength: 40 },
  },
};

const partner = { enrollmentType: 'direct', flags: { hasDiscoverPage: true } } as unknown as EditorBootstrap['partner'];

type Props = Record<string, unknown>;
// The block's audience: the same object while another field is edited, as an immer change keeps it.
const audience = { visitor: ['anonymous' as const] };

function Block({ onChange, problems }: { onChange: (path: Path, value: unknown) => void; problems: ProblemMap }) {
  const [value, setValue] = useState<Props>({ headline: 'Dinner', body: 'Near you', viewAllText: 'All' });
  return (
    <CopyProvider copy={copy as Record<string, string>}>
      <PartnerProvider partner={partner}>
        <SchemaForm
          schema={schema}
          value={value}
          // A new handler per render, as the inspector makes one.
          onChange={(path, next) => {
            onChange(path, next);
            setValue((old) => ({ ...old, [String(path[0])]: next }));
          }}
          problems={problems}
          basePointer="/blocks/row/props"
        />
        <WhenEditor
          value={audience}
          onChange={(path, next) => onChange(['when', ...path], next)}
          problems={problems}
          pointer="/blocks/row/when"
        />
      </PartnerProvider>
    </CopyProvider>
  );
}

/** Every attribute written on an element other than `except` while `act` runs. */
function writesOutside(except: Element, act: () => void): string[] {
  const written: string[] = [];
  const note = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.target === except) continue;
      const target = record.target as Element;
      written.push(`${record.type} ${record.attributeName ?? ''} on ${target.id || target.nodeName}`);
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { subtree: true, attributes: true, childList: true });
  act();
  note(observer.takeRecords());
  observer.disconnect();
  return written;
}

describe('a block form while one field is typed in', () => {
  it('writes nothing into the other fields or the audience checklists', () => {
    render(<Block onChange={() => undefined} problems={new Map()} />);
    const heading = screen.getByLabelText(/^Heading/);
    // Mount-time work (the audience's checkboxes settle) is not part of the letter.
    expect(screen.getByLabelText(/^Text/)).toHaveProperty('value', 'Near you');
    const written = writesOutside(heading, () => fireEvent.change(heading, { target: { value: 'Dinners' } }));
    expect(heading).toHaveProperty('value', 'Dinners');
    expect(written).toEqual([]);
  });

  it('still shows a problem that arrives for another field, and calls the latest handler', () => {
    const first = vi.fn();
    const { rerender } = render(<Block onChange={first} problems={new Map()} />);
    const body = screen.getByLabelText(/^Text/);
    expect(body.getAttribute('aria-invalid')).toBeNull();

    const latest = vi.fn();
    rerender(<Block onChange={latest} problems={new Map([['/blocks/row/props/body', ['Too long']]])} />);
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(body, { target: { value: 'Near' } });
    expect(latest).toHaveBeenCalledWith(['body'], 'Near');
    expect(first).not.toHaveBeenCalled();
  });
});
