// What western-calc's rules need from storage, implemented by store/ (plain pg) and fakes in tests.
export interface StoredReport {
  id: string;
  createdAt: Date;
}

export interface ReportStore {
  save(r: {
    tenantId: string;
    chartAId: string;
    chartBId: string;
    methodVersion: string;
    result: unknown;
  }): Promise<StoredReport>;
  /** Rows deleted: the tenant's reports naming chartId on either side. */
  deleteForChart(tenantId: string, chartId: string): Promise<number>;
  /** Rows deleted: every report of the tenant. */
  deleteForTenant(tenantId: string): Promise<number>;
}
