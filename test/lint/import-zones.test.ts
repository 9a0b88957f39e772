/**
 * The layers' import zones (`leasedesk/import-zones` in eslint.config.js; docs/architecture.md, "Boundaries the lint
 * checks"): features import the domain and the library, the domain imports the library and shared/, the library
 * imports neither. Each case lints one import line as if it were written in a file at that path.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

/** The import-zones messages for `source` written at `path` (a repository path). */
async function zoneErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'leasedesk/import-zones').map((m) => m.message);
}

describe('import zones', () => {
  it('refuses the library importing the domain', async () => {
    const errors = await zoneErrors('functions/lib/http/standing.ts', "import { value } from '@functions/domain/users/users';");

    expect(errors).toEqual([expect.stringMatching(/^functions\/lib imports functions\/domain/)]);
  });

  it('refuses the domain importing a feature, relative or aliased', async () => {
    const aliased = await zoneErrors('functions/domain/deals/deals.ts', "import { value } from '@functions/quotes/data/quotes';");
    const relative = await zoneErrors('functions/domain/deals/deals.ts', "import { value } from '../../quotes/quotes';");

    expect(aliased).toEqual([expect.stringMatching(/^functions\/domain imports the functions feature "quotes"/)]);
    expect(relative).toEqual([expect.stringMatching(/^functions\/domain imports the functions feature "quotes"/)]);
  });

  it('refuses the library importing a feature', async () => {
    const errors = await zoneErrors('functions/lib/outbox.ts', "import { value } from '@functions/quotes/data/quotes';");

    expect(errors).toEqual([expect.stringMatching(/^functions\/lib imports the functions feature "quotes"/)]);
  });

  it('lets a feature import the domain and the library, and the domain import the library and shared/', async () => {
    const feature = await zoneErrors(
      'functions/quotes/quotes.ts',
      "import { value } from '@functions/domain/leads/leads';\nimport { other } from '@functions/lib/data/table';\nvoid other;",
    );
    const domain = await zoneErrors(
      'functions/domain/leads/leads.ts',
      "import { value } from '@functions/lib/data/table';\nimport { other } from '@shared/leads/api';\nvoid other;",
    );

    expect([...feature, ...domain]).toEqual([]);
  });

  it('refuses a feature importing another feature', async () => {
    const errors = await zoneErrors('functions/quotes/quotes.ts', "import { value } from '@functions/leads/leads';");

    expect(errors).toEqual([expect.stringMatching(/features do not import each other/)]);
  });
});

describe('import zones: the whole table stays with the tools', () => {
  it("refuses runtime code importing createData(), which builds every feature's stores", async () => {
    const errors = await zoneErrors('functions/deals/routes/list-deals.ts', "import { value } from '@infra/data/create-data';");

    expect(errors).toEqual([expect.stringMatching(/^Runtime code imports infra\//)]);
  });

  it('lets the tools and tests import it', async () => {
    const seed = await zoneErrors('infra/local/seed/seed.ts', "import { value } from '@infra/data/create-data';");
    const test = await zoneErrors('functions/deals/api.int.test.ts', "import { value } from '@infra/data/create-data';");

    expect([...seed, ...test]).toEqual([]);
  });
});
