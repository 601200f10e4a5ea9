// The tables that hold an entity's business data, parents before children.
// Snapshots and "delete data" work from this list, so a table a later release
// adds is covered by adding it here.
export interface EntityTable {
  name: string;
  // SQL condition selecting the entity's rows; $1 is the entity id
  scope: string;
  // has a GENERATED ALWAYS identity column (restores need OVERRIDING SYSTEM VALUE)
  identity: boolean;
}

const byEntity = 'entity_id = $1';

const byCustomer = 'customer_id IN (SELECT id FROM customers WHERE entity_id = $1)';
const byVendor = 'vendor_id IN (SELECT id FROM vendors WHERE entity_id = $1)';

export const ENTITY_TABLES: readonly EntityTable[] = [
  { name: 'customers', scope: byEntity, identity: false },
  { name: 'customer_emails', scope: byCustomer, identity: false },
  { name: 'customer_children', scope: byCustomer, identity: false },
  { name: 'vendors', scope: byEntity, identity: false },
  { name: 'vendor_children', scope: byVendor, identity: false },
  { name: 'vendor_section_mappings', scope: byVendor, identity: false },
  { name: 'stored_files', scope: byEntity, identity: false },
  { name: 'tax_statements', scope: byEntity, identity: false },
  { name: 'tax_entries', scope: byEntity, identity: true },
  { name: 'sales_entries', scope: byEntity, identity: true },
  { name: 'purchase_entries', scope: byEntity, identity: true },
  { name: 'customer_mappings', scope: byEntity, identity: true },
  { name: 'column_mappings', scope: byEntity, identity: false },
  { name: 'recon_runs', scope: byEntity, identity: false },
  { name: 'recon_parties', scope: byEntity, identity: false },
  // no entity index on the result rows (migration 027): found through the entity's runs
  {
    name: 'recon_rows',
    scope: 'entity_id = $1 AND job_id IN (SELECT job_id FROM recon_runs WHERE entity_id = $1)',
    identity: false,
  },
  { name: 'recon_unresolved', scope: byEntity, identity: false },
  { name: 'recon_decisions', scope: byEntity, identity: true },
  { name: 'recon_reports', scope: byEntity, identity: false },
  { name: 'misc_reports', scope: byEntity, identity: false },
  { name: 'payable_files', scope: byEntity, identity: false },
  { name: 'vendor_payments', scope: byEntity, identity: false },
  { name: 'ldc_certificates', scope: byEntity, identity: false },
  { name: 'tan_itr_reports', scope: byEntity, identity: false },
  { name: 'section_expense_types', scope: byEntity, identity: false },
  { name: 'expense_section_mappings', scope: byEntity, identity: false },
  { name: 'rule_sets', scope: byEntity, identity: false },
  {
    name: 'rule_set_rules',
    scope: 'rule_set_id IN (SELECT id FROM rule_sets WHERE entity_id = $1)',
    identity: false,
  },
  { name: 'form16a_documents', scope: byEntity, identity: false },
  { name: 'payable_runs', scope: byEntity, identity: false },
  { name: 'form26q_reconciliations', scope: byEntity, identity: false },
  { name: 'payable_entries', scope: byEntity, identity: true },
  { name: 'payable_months', scope: byEntity, identity: false },
  { name: 'payable_month_states', scope: byEntity, identity: false },
  { name: 'payable_challans', scope: byEntity, identity: false },
  { name: 'challan_allocations', scope: byEntity, identity: false },
  { name: 'return_deductors', scope: byEntity, identity: false },
  { name: 'payable_adjustments', scope: byEntity, identity: false },
  { name: 'payable_entry_adjustments', scope: byEntity, identity: false },
  { name: 'payable_reports', scope: byEntity, identity: false },
  { name: 'classifier_models', scope: byEntity, identity: false },
  { name: 'follow_up_threads', scope: byEntity, identity: false },
  { name: 'follow_up_conversations', scope: byEntity, identity: true },
  { name: 'follow_up_templates', scope: byEntity, identity: false },
  { name: 'follow_up_mails', scope: byEntity, identity: true },
];
