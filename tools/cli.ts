// Menuboard developer CLI: gen, validate, new-block.
import { gen } from './gen.ts';

const [command, ...args] = process.argv.slice(2);

async function main(): Promise<number> {
  switch (command) {
    case 'gen':
      return gen(args.includes('--check'));
    case 'validate': {
      const { validateAll } = await import('./validate.ts');
      return validateAll();
    }
    case 'new-block': {
      const { newBlock } = await import('./new-block.ts');
      return newBlock(args[0]);
    }
    default:
      console.error('usage: tsx tools/cli.ts gen [--check] | validate | new-block <name>');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
