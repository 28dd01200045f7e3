// The bank statement import's reading and storing (docs/product/orders.md#bank-statement-import), apart from its
// matching (bank-statements.ts): the uploaded file is read into its table off the server's thread, its credit lines
// worked out, the admin's column mapping kept when one was needed, and the import and its new lines stored in small
// batches, each its own statement: no long transaction, and on the embedded database no statement long enough to
// hold other requests (docs/design/performance.md#bank-statement-import).
import { readFile } from "node:fs/promises";
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { formatDateTime } from "../../../shared/dates.ts";
import {
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_COLUMNS,
  MAX_STATEMENT_ROWS,
  STATEMENT_TOO_LARGE,
  type StatementColumnsRead,
  type StatementMapping,
  type StatementMappingUsed,
} from "../../../shared/bank-statements.ts";
import { readStatement, type StatementReadFailure, type Table } from "../../readers/statement-reader.ts";
import { AppError } from "../errors.ts";
import type { IncomingFile } from "../media/incoming.ts";
import { sanitizeFileName } from "../media/file-name.ts";
import { staffActor } from "./payments.ts";
import { statementsRepository, type MappingRow } from "./statements-repository.ts";
import { statementLines, type StatementLine } from "./statement-lines.ts";

const COLUMNS_NOT_RECOGNISED = "Não reconhecemos as colunas deste extrato: indique qual é a data, o descritivo e o crédito";

/** "10 000", grouped as amounts are (not by ICU, whose Portuguese grouping differs between runtimes). */
const ROW_LIMIT = String(MAX_STATEMENT_ROWS).replace(/\B(?=(\d{3})+$)/g, "\u00a0");

const READ_FAILURES: Readonly<Record<StatementReadFailure, [number, string]>> = {
  "not-a-statement": [400, "Este ficheiro não é um extrato em CSV ou XLSX: exporte-o assim no banco online"],
  "old-excel": [400, "Ficheiros Excel antigos (.xls) não são lidos: exporte o extrato em XLSX ou CSV"],
  pdf: [400, "Um extrato em PDF não é lido: exporte-o em CSV ou XLSX no banco online"],
  "too-many-rows": [413, `O extrato tem mais de ${ROW_LIMIT} linhas: importe um período mais curto`],
  "too-many-columns": [
    400,
    `O extrato tem dados em mais de ${MAX_STATEMENT_COLUMNS} colunas: importe o ficheiro tal como o banco o exporta`,
  ],
  "too-big": [413, "O extrato é demasiado grande para ler: importe um período mais curto"],
  unreadable: [400, "Não foi possível ler este ficheiro: exporte o extrato de novo em CSV ou XLSX"],
  busy: [503, "Está a ser lido outro extrato: tente de novo daqui a pouco"],
  empty: [400, "O extrato está vazio"],
  "mapping-not-needed": [
    400,
    "As colunas deste extrato já são reconhecidas pelos nomes: importe-o sem indicar as colunas (uma correspondência só é guardada para um extrato que a loja não lê sozinha)",
  ],
  "header-row-missing": [400, "A linha de cabeçalho indicada não existe no extrato"],
  "mapping-invalid": [400, "Correspondência de colunas inválida: escolha colunas diferentes para a data, o descritivo e o crédito"],
};

/** "01/12/2026 10:30", in Luanda. */
const dayAndTime = (date: Date) => formatDateTime(date);

const MAPPING_TAKEN = (m: MappingRow) =>
  `Já existe outra correspondência guardada para este cabeçalho (por ${m.savedByName || "um administrador"} em ${dayAndTime(m.createdAt)}): apague-a em «Correspondências de colunas» para guardar outra`;

/**
 * Lines stored per statement. On the embedded database a statement runs on the server's thread: 50 lines took
 * 5–35 ms of CPU once warm on the 2-core test machine under load, which a machine that busy stretches past 250 ms
 * now and then; 20 keep every wait well under it, for ~10 % more time in all
 * (docs/design/performance.md#bank-statement-import).
 */
const STORE_BATCH = 20;

interface ReadFile {
  file: IncomingFile;
  kind: "csv" | "xlsx";
  lines: StatementLine[];
  ignored: number;
  columns: StatementColumnsRead;
}

const mappingUsed = (m: MappingRow, savedNow: boolean): StatementMappingUsed => ({
  id: m.signature,
  savedBy: m.savedByName,
  savedAt: m.createdAt.toISOString(),
  savedNow,
});

/** The mapping the admin sent for a header the shop does not recognise: stored once, never overwritten. */
async function keepSentMapping(db: PrismaClient, table: Table, staffUserId: string): Promise<StatementMappingUsed> {
  const repo = statementsRepository(db);
  const { date, description, amount, reference } = table.columns;
  const saved = await repo.createMapping({
    signature: table.header.signature,
    headers: table.header.cells,
    dateColumn: date,
    descriptionColumn: description,
    amountColumn: amount,
    referenceColumn: reference,
    savedById: staffUserId,
    savedByName: await staffActor(db, staffUserId),
  });
  const stored = await repo.findMapping(table.header.signature);
  if (!stored) throw new AppError(409, "A correspondência de colunas foi apagada entretanto: importe o extrato de novo");
  const same =
    stored.dateColumn === date &&
    stored.descriptionColumn === description &&
    stored.amountColumn === amount &&
    stored.referenceColumn === reference;
  if (!same) throw new AppError(409, MAPPING_TAKEN(stored));
  return mappingUsed(stored, saved);
}

/** How the file was read, as the answer and the import's record show it. */
function columnsRead(table: Table, mapping: StatementMappingUsed | null): StatementColumnsRead {
  const named = (column: number) => ({ column, name: table.header.cells[column] ?? "" });
  const { date, description, amount, reference } = table.columns;
  return {
    headerRow: table.header.row,
    date: named(date),
    description: named(description),
    amount: named(amount),
    reference: reference === null ? null : named(reference),
    mapping,
  };
}

/**
 * Reads an uploaded statement: its table (off the server's thread), its credit lines, and how its columns were read.
 * The columns are recognised by their names first; a stored mapping is used only for a file that is not; a mapping the
 * admin sends is refused for a file that is, and kept (with who and when) once the file reads with it.
 */
export async function readStatementFile(
  db: PrismaClient,
  input: { file: IncomingFile | null; staffUserId: string; mapping?: StatementMapping | undefined },
): Promise<ReadFile> {
  const { file } = input;
  if (!file) throw new AppError(400, "Escolha o ficheiro do extrato (CSV ou XLSX)");
  if (file.size === 0) throw new AppError(400, "O ficheiro está vazio");
  if (file.size > MAX_STATEMENT_BYTES) throw new AppError(413, STATEMENT_TOO_LARGE);
  const repo = statementsRepository(db);
  const stored = (await repo.allMappings()).map((m) => ({
    signature: m.signature,
    date: m.dateColumn,
    description: m.descriptionColumn,
    amount: m.amountColumn,
    reference: m.referenceColumn,
  }));
  const read = await readStatement(await readFile(file.path), { stored, mapping: input.mapping });
  if ("failed" in read) {
    const [status, message] = READ_FAILURES[read.failed];
    throw new AppError(status, message);
  }
  if ("question" in read.reading) throw new AppError(422, COLUMNS_NOT_RECOGNISED, { needsMapping: true, ...read.reading.question });
  const table = read.reading;
  const { lines, ignored } = await statementLines(table.rows);
  let mapping: StatementMappingUsed | null = null;
  if (table.source === "sent") mapping = await keepSentMapping(db, table, input.staffUserId);
  else if (table.source === "stored") {
    const stored = await repo.findMapping(table.header.signature);
    // Deleted while the file was read: the file is read as it was, and says so.
    mapping = stored
      ? mappingUsed(stored, false)
      : { id: table.header.signature, savedBy: "", savedAt: new Date().toISOString(), savedNow: false };
  }
  return { file, kind: read.kind, lines, ignored, columns: columnsRead(table, mapping) };
}

/** What the matching decided for a line before it is stored: the order it names, and why it waits (null: record it). */
interface LinePlan {
  orderId: string | null;
  problem: string | null;
}

/**
 * Stores the import and its lines new to the shop (a line any statement brought before is skipped by its key), in
 * batches of STORE_BATCH lines, each a statement of its own, and returns the lines stored now. No transaction holds
 * them together: a 10 000-line statement took longer than a transaction may last on PostgreSQL (5 s) and held the
 * embedded database seconds at a time. If the process stops midway the lines stored stay, waiting for staff with the
 * order they name; importing the file again stores the rest (docs/product/orders.md#bank-statement-import).
 */
export async function storeStatementLines(
  db: PrismaClient,
  input: {
    file: IncomingFile;
    kind: "csv" | "xlsx";
    staffUserId: string;
    columns: StatementColumnsRead;
    lines: StatementLine[];
    plans: LinePlan[];
  },
): Promise<{ statementId: string; fresh: { id: string; lineKey: string }[] }> {
  const repo = statementsRepository(db);
  const statement = await repo.insertStatement({
    fileName: sanitizeFileName(input.file.fileName),
    sha256: input.file.sha256,
    kind: input.kind,
    importedById: input.staffUserId,
    importedByName: await staffActor(db, input.staffUserId),
    columns: input.columns as unknown as Prisma.InputJsonValue,
  });
  const fresh: { id: string; lineKey: string }[] = [];
  for (let start = 0; start < input.lines.length; start += STORE_BATCH) {
    const batch = input.lines.slice(start, start + STORE_BATCH).map((line, i) => ({
      statementId: statement.id,
      lineKey: line.key,
      rowNumber: line.rowNumber,
      bookedOn: line.bookedOn,
      description: line.description,
      reference: line.reference,
      amount: new Prisma.Decimal(line.amount),
      occurrence: line.occurrence,
      problem: input.plans[start + i]!.problem,
      suggestedOrderId: input.plans[start + i]!.orderId,
    }));
    fresh.push(...(await repo.insertNewLines(batch)));
  }
  return { statementId: statement.id, fresh };
}
