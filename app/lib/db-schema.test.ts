import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../tests/support/test-database.ts";

/**
 * app/lib/db-schema.ts is written by hand (Kysely's types for the tables the code queries) and
 * nothing else would notice it drifting from db/migrations (issue 45): a column renamed in a
 * migration but not here type-checks and fails at run time. This reads the file as TypeScript
 * reads it and compares it with the migrated database, on each kind of database.
 */

type Column = { name: string; nullable: boolean };

/**
 * Tables the migrations make that the typed schema leaves out on purpose: each is read and
 * written only with raw SQL in one module, which says so.
 */
const UNTYPED_TABLES: Record<string, string> = {
  schema_migrations: "the migration runner's own (app/lib/migration-runner.server.ts)",
  account: "better-auth's, through its own adapter",
  verification: "better-auth's, through its own adapter",
  rateLimit: "better-auth's rate limits, through its own adapter",
  rate_limits: "ours, raw SQL in app/lib/rate-limit.server.ts",
  sign_in_failures: "raw SQL in app/lib/sign-in-lockout.server.ts",
  daily_counters: "raw SQL in app/lib/daily-counters.server.ts",
};

/** The DB interface's tables, each with its columns as declared (nullable when its select type admits null). */
function declaredSchema(): Map<string, Column[]> {
  const file = join(import.meta.dirname, "db-schema.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    // The file's own column types (Timestamp, NullableTimestamp): read through to what they alias.
    if (ts.isTypeAliasDeclaration(node) && !node.typeParameters) aliases.set(node.name.text, node.type);
  });
  const selectType = (type: ts.TypeNode): ts.TypeNode => {
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      if (aliases.has(name)) return selectType(aliases.get(name)!);
      if (type.typeArguments?.length && ["ColumnType", "Generated", "Json"].includes(name))
        return selectType(type.typeArguments[0]!);
    }
    return type;
  };
  const admitsNull = (type: ts.TypeNode) =>
    ts.isUnionTypeNode(type) &&
    type.types.some((member) => ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword);
  const tables = new Map<string, Column[]>();
  for (const member of interfaces.get("DB")!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = interfaces.get(member.type.typeName.getText(source));
    if (!table) throw new Error(`DB.${member.name.getText(source)}: no interface ${member.type.getText(source)}`);
    tables.set(
      member.name.getText(source).replace(/^"|"$/g, ""),
      table.members.filter(ts.isPropertySignature).map((column) => ({
        name: column.name.getText(source).replace(/^"|"$/g, ""),
        nullable: admitsNull(selectType(column.type!)),
      })),
    );
  }
  return tables;
}

const byName = (columns: Column[]) => [...columns].sort((a, b) => a.name.localeCompare(b.name));

describe.each(DATABASE_KINDS)("the typed schema against the migrated database on %s", (kind) => {
  let database: TestDatabase;
  afterAll(async () => {
    await database?.dispose();
  });

  it("has every typed table, with exactly its columns and their nullability; other tables are listed as untyped", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: "YES" | "NO" }>`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(database.db);
    const actual = new Map<string, Column[]>();
    for (const row of rows) {
      const columns = actual.get(row.table_name) ?? [];
      columns.push({ name: row.column_name, nullable: row.is_nullable === "YES" });
      actual.set(row.table_name, columns);
    }

    const declared = declaredSchema();
    for (const [table, columns] of declared) {
      expect(actual.has(table), `${table} is typed but no migration makes it`).toBe(true);
      expect(byName(columns), `the columns of ${table}`).toEqual(byName(actual.get(table)!));
    }
    const untyped = [...actual.keys()].filter((table) => !declared.has(table)).sort();
    expect(untyped.join(" "), "tables neither typed in db-schema.ts nor listed in UNTYPED_TABLES").toEqual(
      Object.keys(UNTYPED_TABLES)
        .filter((table) => actual.has(table))
        .sort()
        .join(" "),
    );
  });
});
