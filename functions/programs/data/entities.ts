/**
 * Lender programs in the table (docs/data-model.md, "Programs"):
 * - a lender: `PROGRAMLENDER#<id>` / `LENDER`, listed by name in the gsi1 partition `PROGRAMLENDERS`;
 * - a month's program (a version): `PROGRAMLENDER#<id>` / `VERSION#<YYYY-MM>`, with its import's cursor;
 * - a program row: in the partition of its vehicle, `PROGRAMROWS#<make>#<model>#<year>`, sorted by
 *   `<term>#<miles>#<effective to>#<lender>#<month>#<row>`, so a match is one Query of one partition over one range
 *   (the rows of that term and mileage still in effect on the date); the rows of a version are listed in file order
 *   through gsi1 (`PROGRAMVERSION#<lender>#<month>` / the row's index).
 */
import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { INCENTIVE_KINDS, vehicleKey } from '@shared/programs/rows';
import { ENTITY_DEFAULTS, padded, sortable } from '@functions/lib/data/keys';
import { perTable } from '@functions/lib/data/table';
import { versionRowPosition, versionRowsPartition } from '@functions/domain/programs/program-rows';

export const LENDERS_PARTITION = 'PROGRAMLENDERS';

export const lenderEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'programLender',
      table,
      schema: item({
        id: string().key(),
        name: string(),
        createdAt: string(),
      }).and((_schema) => ({
        gsi1pk: string().hidden().const(LENDERS_PARTITION),
        gsi1sk: string()
          .hidden()
          .link<typeof _schema>(({ name, id }) => `${sortable(name)}#${id}`),
      })),
      computeKey: ({ id }) => ({ pk: `PROGRAMLENDER#${id}`, sk: 'LENDER' }),
    }),
);
export type LenderItem = FormattedItem<ReturnType<typeof lenderEntity>>;

export const versionEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'programVersion',
      table,
      schema: item({
        lenderId: string().key(),
        month: string().key(),
        lenderName: string(),
        fileName: string(),
        fileHash: string(),
        total: number(),
        cursor: number(),
        status: string().enum('importing', 'ready'),
        importedBy: string(),
        createdAt: string(),
        updatedAt: string(),
      }),
      computeKey: ({ lenderId, month }) => ({ pk: `PROGRAMLENDER#${lenderId}`, sk: `VERSION#${month}` }),
    }),
);
export type VersionItem = FormattedItem<ReturnType<typeof versionEntity>>;

/** The partition of a vehicle's program rows. */
export const vehiclePartition = (make: string, model: string, year: number) =>
  `PROGRAMROWS#${vehicleKey(make)}#${vehicleKey(model)}#${year}`;

/** The start of a row's sort key: its term and mileage (the range a match reads starts here). */
export const termMilesPrefix = (termMonths: number, milesPerYear: number) =>
  `${padded(termMonths, 3)}#${padded(milesPerYear, 6)}#`;

const moneyFactor = () => number();

export const programRowEntity = perTable(
  (table) =>
    new Entity({
      ...ENTITY_DEFAULTS,
      name: 'programRow',
      table,
      schema: item({
        /** The row's partition: vehiclePartition(make, model, year). */
        vehicle: string().key(),
        /** termMilesPrefix + effective to + lender + month + the row's index. */
        position: string().key(),
        lenderId: string(),
        lenderName: string(),
        month: string(),
        index: number(),
        year: number(),
        make: string(),
        model: string(),
        trim: string(),
        /** vehicleKey(trim): blank for a row of every trim. */
        trimKey: string(),
        termMonths: number(),
        milesPerYear: number(),
        residualPercent: number(),
        buyRateMoneyFactor: moneyFactor(),
        maxMarkup: moneyFactor(),
        acquisitionFee: map({ amount: number(), taxable: boolean() }),
        securityDeposits: map({
          reductionEach: moneyFactor(),
          maxCount: number(),
          roundingTo: number(),
          floor: moneyFactor(),
        }).optional(),
        onePay: map({ allowed: boolean(), moneyFactor: moneyFactor().optional() }),
        incentives: list(
          map({
            name: string(),
            amount: number(),
            kind: string().enum(...INCENTIVE_KINDS),
            stacksWith: list(string().enum(...INCENTIVE_KINDS)),
          }),
        ),
        states: list(string()),
        zipPrefixes: list(string()),
        effectiveFrom: string(),
        effectiveTo: string(),
      }).and((_schema) => ({
        gsi1pk: string()
          .hidden()
          .link<typeof _schema>(({ lenderId, month }) => versionRowsPartition(lenderId, month)),
        gsi1sk: string()
          .hidden()
          .link<typeof _schema>(({ index }) => versionRowPosition(index)),
      })),
      computeKey: ({ vehicle, position }) => ({ pk: vehicle, sk: position }),
    }),
);
export type ProgramRowItem = FormattedItem<ReturnType<typeof programRowEntity>>;
