// Report PDFs on disk: <dir>/<tenant_id>/<report_id>.pdf. The row keeps the relative file name.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ReportFilesPort } from '../domain/ports.ts';

export class ReportFiles implements ReportFilesPort {
  constructor(private readonly dir: string) {}

  async write(tenantId: string, reportId: string, pdf: Buffer): Promise<string> {
    const rel = path.join(tenantId, `${reportId}.pdf`);
    await fs.mkdir(path.join(this.dir, tenantId), { recursive: true });
    await fs.writeFile(path.join(this.dir, rel), pdf);
    return rel;
  }

  /** True when a file was removed (a repeat finds nothing). */
  async remove(rel: string): Promise<boolean> {
    try {
      await fs.unlink(path.join(this.dir, rel));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async exists(rel: string): Promise<boolean> {
    return fs
      .access(path.join(this.dir, rel))
      .then(() => true)
      .catch(() => false);
  }
}
