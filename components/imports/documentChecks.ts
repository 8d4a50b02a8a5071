// Instant checks of picked documents (validation rules): type by extension, size per
// file, total size and count. The server checks again by content; these only
// spare a pointless upload. Messages are the catalogue's (errors.documents.*).
import { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_REQUEST, MAX_REQUEST_BYTES, bytesToMb } from "@/lib/documents/limits";

/** An error catalogue key (under errors.) with its parameters. */
export interface DocumentProblem {
  key: "documents.unsupportedType" | "documents.tooLarge" | "documents.totalTooLarge" | "documents.tooManyFiles" | "documents.empty";
  params: Record<string, string | number>;
}

/** For the file input: extensions plus the MIME types some pickers filter by. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_EXTENSIONS, "text/plain", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"].join(",");

export function isDocumentName(name: string): boolean {
  const lower = name.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * Splits newly picked files into the ones to add and problems, given the files
 * already chosen. Unsupported files are named together in one message.
 */
export function screenDocuments(picked: File[], chosen: File[]): { accepted: File[]; problems: DocumentProblem[] } {
  const accepted: File[] = [];
  const problems: DocumentProblem[] = [];
  const unsupported: string[] = [];
  let count = chosen.length;
  let bytes = chosen.reduce((sum, f) => sum + f.size, 0);
  let tooMany = false;
  let tooMuch = false;
  for (const file of picked) {
    if (!isDocumentName(file.name)) unsupported.push(file.name);
    else if (file.size === 0) problems.push({ key: "documents.empty", params: { file: file.name } });
    else if (file.size > MAX_DOCUMENT_BYTES) problems.push({ key: "documents.tooLarge", params: { limitMb: bytesToMb(MAX_DOCUMENT_BYTES), file: file.name } });
    else if (count >= MAX_DOCUMENTS_PER_REQUEST) tooMany = true;
    else if (bytes + file.size > MAX_REQUEST_BYTES) tooMuch = true;
    else {
      accepted.push(file);
      count++;
      bytes += file.size;
    }
  }
  if (unsupported.length) problems.unshift({ key: "documents.unsupportedType", params: { files: unsupported.join(", ") } });
  if (tooMany) problems.push({ key: "documents.tooManyFiles", params: { max: MAX_DOCUMENTS_PER_REQUEST } });
  if (tooMuch) problems.push({ key: "documents.totalTooLarge", params: { limitMb: bytesToMb(MAX_REQUEST_BYTES) } });
  return { accepted, problems };
}

/** Same file picked twice: name, size and modification time agree. */
export const fileKey = (f: File) => `${f.name}|${f.size}|${f.lastModified}`;
