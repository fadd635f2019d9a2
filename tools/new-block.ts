// `npm run new-block <name>`: scaffolds registry/<name>/ the way registry/how-it-works is built
// (props schema, component, CSS module, test, index.ts) and runs gen, which registers it
// (registry/blocks.generated.ts) and makes its props type and validator at once.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './schemas.ts';
import { gen } from './gen.ts';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function pascal(name: string): string {
  return name
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** 'merchant-carousel' -> 'Merchant carousel' (the block's title for editors). */
function humanTitle(name: string): string {
  const words = name.split('-').join(' ');
  return words[0]!.toUpperCase() + words.slice(1);
}

export function scaffold(name: string): Map<string, string> {
  const P = pascal(name);
  const title = humanTitle(name);
  const files = new Map<string, string>();
  files.set(
    'props.schema.json',
    JSON.stringify(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        title: `${P}Props`,
        description: `Props of the ${name} block. Describe what it shows and where its texts default from.`,
        'x-editor': {
          title,
          description: `Say in one line what members see (the page editor's palette shows it).`,
          pages: ['home', 'discover'],
        },
        type: 'object',
        additionalProperties: false,
        properties: {
          headline: { type: 'string', maxLength: 120, description: 'Section heading; copy placeholders allowed.' },
          text: { type: 'string', maxLength: 400 },
        },
      },
      null,
      2,
    ) + '\n',
  );
  files.set(
    `${P}.tsx`,
    `import { useId } from 'react';
import type { ${P}Props } from '#shared/generated/types.ts';
import styles from './${P}.module.css';

export function ${P}({ headline, text }: ${P}Props) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={styles.headline}>
          {headline ?? '${title}'}
        </h2>
        {text && <p className={styles.text}>{text}</p>}
      </div>
    </section>
  );
}
`,
  );
  files.set(
    `${P}.module.css`,
    `.section {
  padding-block: var(--space-6);
}

.headline {
  margin-bottom: var(--space-4);
}

.text {
  color: var(--color-muted);
  margin: 0;
  max-width: 60ch;
}
`,
  );
  files.set(
    `${P}.test.tsx`,
    `// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { validate${P}Props } from '#shared/generated/validators/validate${P}Props.js';
import { ${P} } from './${P}.tsx';

afterEach(cleanup);

describe('${name} block', () => {
  it('renders its headline as a heading', () => {
    render(<${P} headline="Dine and earn" text="Every meal counts." />);
    expect(screen.getByRole('heading', { level: 2, name: 'Dine and earn' })).toBeTruthy();
    expect(screen.getByText('Every meal counts.')).toBeTruthy();
  });

  it('accepts the props its schema allows and rejects others', () => {
    expect(validate${P}Props({ headline: 'Hello' })).toBe(true);
    expect(validate${P}Props({ headline: 42 })).toBe(false);
    expect(validate${P}Props({ unknown: true })).toBe(false);
  });
});
`,
  );
  files.set(
    'index.ts',
    `import { defineBlock } from '../define-block.ts';
import type { ${P}Props } from '#shared/generated/types.ts';
import { ${P} } from './${P}.tsx';

export default defineBlock<${P}Props>({
  loadValidate: () => import('#shared/generated/validators/validate${P}Props.js').then((module) => module.validate${P}Props),
  component: ${P},
});
`,
  );
  return files;
}

export async function newBlock(name: string | undefined): Promise<number> {
  if (!name) {
    console.error('usage: npm run new-block <name>   (kebab-case, e.g. merchant-carousel)');
    return 2;
  }
  if (!KEBAB.test(name)) {
    console.error(`new-block: "${name}" is not kebab-case (lower-case words joined by "-", e.g. merchant-carousel)`);
    return 2;
  }
  const dir = join(root, 'registry', name);
  if (existsSync(dir)) {
    console.error(`new-block: a block named "${name}" already exists (registry/${name})`);
    return 1;
  }
  mkdirSync(dir);
  for (const [file, content] of scaffold(name)) {
    writeFileSync(join(dir, file), content);
    console.log(`wrote registry/${name}/${file}`);
  }
  const code = await gen(false);
  if (code === 0) {
    console.log(
      `\nNext: describe its props in registry/${name}/props.schema.json (then \`npm run gen\`), build ${pascal(name)}.tsx, and use it in a layout as { "type": "${name}" }.`,
    );
  }
  return code;
}
