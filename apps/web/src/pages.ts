import { type ComponentType, lazy } from 'react';

// The screens built so far, by SCREENS path. Every other screen shows Coming Soon
// until the release of its part of the product adds it here.
export const PAGES: Readonly<Record<string, ComponentType>> = {
  '/': lazy(() => import('./features/home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  '/jobs/all': lazy(() => import('./features/jobs/JobsPage.tsx').then((m) => ({ default: m.JobsPage }))),
  '/data-quality': lazy(() =>
    import('./features/data-quality/DataQualityPage.tsx').then((m) => ({ default: m.DataQualityPage })),
  ),
  '/profile': lazy(() =>
    import('./features/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
  ),
  '/about': lazy(() => import('./features/about/AboutPage.tsx').then((m) => ({ default: m.AboutPage }))),
  '/help': lazy(() => import('./features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage }))),
  '/manage-entities': lazy(() =>
    import('./features/admin/ManageEntitiesPage.tsx').then((m) => ({ default: m.ManageEntitiesPage })),
  ),
  '/utilities': lazy(() =>
    import('./features/utilities/UtilitiesPage.tsx').then((m) => ({ default: m.UtilitiesPage })),
  ),
  '/26as_converter': lazy(() =>
    import('./features/utilities/Converter26asPage.tsx').then((m) => ({ default: m.Converter26asPage })),
  ),
  '/smart-recon': lazy(() =>
    import('./features/smart-recon/SmartReconPage.tsx').then((m) => ({ default: m.SmartReconPage })),
  ),
  '/manual-reconciliation': lazy(() =>
    import('./features/smart-recon/ManualReconPage.tsx').then((m) => ({ default: m.ManualReconPage })),
  ),
  '/manual-reconciliation-reports': lazy(() =>
    import('./features/smart-recon/ManualReconJobsPage.tsx').then((m) => ({
      default: m.ManualReconJobsPage,
    })),
  ),
  '/reconciliation-reports': lazy(() =>
    import('./features/reports/ReconciliationReportsPage.tsx').then((m) => ({
      default: m.ReconciliationReportsPage,
    })),
  ),
  '/misc-reports': lazy(() =>
    import('./features/reports/MiscReportsPage.tsx').then((m) => ({ default: m.MiscReportsPage })),
  ),
  '/reports-dashboard': lazy(() =>
    import('./features/reports/ReportsDashboardPage.tsx').then((m) => ({ default: m.ReportsDashboardPage })),
  ),
  '/bulk-smart-recon': lazy(() =>
    import('./features/smart-recon/BulkSmartReconPage.tsx').then((m) => ({ default: m.BulkSmartReconPage })),
  ),
  '/26as_diff': lazy(() =>
    import('./features/utilities/Diff26asPage.tsx').then((m) => ({ default: m.Diff26asPage })),
  ),
  '/delete-data': lazy(() =>
    import('./features/housekeeping/DeleteDataPage.tsx').then((m) => ({ default: m.DeleteDataPage })),
  ),
  '/load-26as-folder': lazy(() =>
    import('./features/uploads/ParsedFolderLoadPage.tsx').then((m) => ({ default: m.ParsedFolderLoadPage })),
  ),
  '/customer-template': lazy(() =>
    import('./features/templates/TemplatePage.tsx').then((m) => ({ default: m.CustomerTemplatePage })),
  ),
  '/vendor-template': lazy(() =>
    import('./features/templates/TemplatePage.tsx').then((m) => ({ default: m.VendorTemplatePage })),
  ),
  '/new-follow-up': lazy(() =>
    import('./features/follow-ups/NewFollowUpPage.tsx').then((m) => ({ default: m.NewFollowUpPage })),
  ),
  '/load-raw-26as-folder': lazy(() =>
    import('./features/uploads/FolderLoadPage.tsx').then((m) => ({ default: m.LoadRaw26asFolderPage })),
  ),
  '/load-sales-folder': lazy(() =>
    import('./features/uploads/FolderLoadPage.tsx').then((m) => ({ default: m.LoadSalesFolderPage })),
  ),
  '/load-purchase-folder': lazy(() =>
    import('./features/uploads/FolderLoadPage.tsx').then((m) => ({ default: m.LoadPurchaseFolderPage })),
  ),
  '/expense-classification': lazy(() =>
    import('./features/classification/ExpenseClassificationPage.tsx').then((m) => ({
      default: m.ExpenseClassificationPage,
    })),
  ),
  '/expense-prediction': lazy(() =>
    import('./features/classification/ExpenseTrainingPage.tsx').then((m) => ({
      default: m.ExpenseTrainingPage,
    })),
  ),
  '/upload-26as': lazy(() =>
    import('./features/uploads/Upload26asPage.tsx').then((m) => ({ default: m.Upload26asPage })),
  ),
  '/upload-sales': lazy(() =>
    import('./features/uploads/RegisterUploadPage.tsx').then((m) => ({ default: m.UploadSalesPage })),
  ),
  '/upload-purchase': lazy(() =>
    import('./features/uploads/RegisterUploadPage.tsx').then((m) => ({ default: m.UploadPurchasePage })),
  ),
  '/upload-customer-mapping': lazy(() =>
    import('./features/uploads/UploadCustomerMappingPage.tsx').then((m) => ({
      default: m.UploadCustomerMappingPage,
    })),
  ),
  '/link-26as': lazy(() =>
    import('./features/linkage/LinkCustomersPage.tsx').then((m) => ({ default: m.LinkCustomersPage })),
  ),
  '/link-tanpan': lazy(() =>
    import('./features/linkage/SyncTanPanPage.tsx').then((m) => ({ default: m.SyncTanPanPage })),
  ),
  '/search-linkages-26as': lazy(() =>
    import('./features/linkage/SearchLinkagesPage.tsx').then((m) => ({ default: m.SearchLinkagesPage })),
  ),
  '/search-26as': lazy(() =>
    import('./features/search/Search26asPage.tsx').then((m) => ({ default: m.Search26asPage })),
  ),
  '/search-sales': lazy(() =>
    import('./features/search/SearchSalesPage.tsx').then((m) => ({ default: m.SearchSalesPage })),
  ),
  '/search-purchase': lazy(() =>
    import('./features/search/SearchPurchasePage.tsx').then((m) => ({ default: m.SearchPurchasePage })),
  ),
  '/new-customer': lazy(() =>
    import('./features/master-data/NewCustomerPage.tsx').then((m) => ({ default: m.NewCustomerPage })),
  ),
  '/search-customers': lazy(() =>
    import('./features/master-data/SearchCustomersPage.tsx').then((m) => ({
      default: m.SearchCustomersPage,
    })),
  ),
  '/customer/:customerId': lazy(() =>
    import('./features/master-data/CustomerDetailPage.tsx').then((m) => ({ default: m.CustomerDetailPage })),
  ),
  '/new-vendor': lazy(() =>
    import('./features/master-data/NewVendorPage.tsx').then((m) => ({ default: m.NewVendorPage })),
  ),
  '/search-vendors': lazy(() =>
    import('./features/master-data/SearchVendorsPage.tsx').then((m) => ({ default: m.SearchVendorsPage })),
  ),
  '/vendor/:vendorId': lazy(() =>
    import('./features/master-data/VendorDetailPage.tsx').then((m) => ({ default: m.VendorDetailPage })),
  ),
  '/new-tds-reconciliation': lazy(() =>
    import('./features/reconciliation/submit/SubmitReconPage.tsx').then((m) => ({
      default: m.NewTdsReconciliationPage,
    })),
  ),
  '/new-tcs-reconciliation': lazy(() =>
    import('./features/reconciliation/submit/SubmitReconPage.tsx').then((m) => ({
      default: m.NewTcsReconciliationPage,
    })),
  ),
  '/view-tds-reconciliation': lazy(() =>
    import('./features/reconciliation/jobs/ReconJobsPage.tsx').then((m) => ({
      default: m.ViewTdsReconciliationPage,
    })),
  ),
  '/view-tcs-reconciliation': lazy(() =>
    import('./features/reconciliation/jobs/ReconJobsPage.tsx').then((m) => ({
      default: m.ViewTcsReconciliationPage,
    })),
  ),
  '/tds-job/smart-filters': lazy(() =>
    import('./features/smart-filters/SmartFiltersPage.tsx').then((m) => ({ default: m.SmartFiltersPage })),
  ),
  '/tds-job': lazy(() =>
    import('./features/reconciliation/result/JobResultPage.tsx').then((m) => ({ default: m.TdsJobPage })),
  ),
  '/tcs-job': lazy(() =>
    import('./features/reconciliation/result/JobResultPage.tsx').then((m) => ({ default: m.TcsJobPage })),
  ),
  '/tds-discrepancies': lazy(() =>
    import('./features/reconciliation/discrepancies/DiscrepancyPage.tsx').then((m) => ({
      default: m.TdsDiscrepanciesPage,
    })),
  ),
  '/tcs-discrepancies': lazy(() =>
    import('./features/reconciliation/discrepancies/DiscrepancyPage.tsx').then((m) => ({
      default: m.TcsDiscrepanciesPage,
    })),
  ),
  '/tcs-job/discrepancies': lazy(() =>
    import('./features/reconciliation/discrepancies/DiscrepancyPage.tsx').then((m) => ({
      default: m.TcsDiscrepanciesPage,
    })),
  ),
  '/tds-printable-view': lazy(() =>
    import('./features/reconciliation/print/PrintableViewPage.tsx').then((m) => ({
      default: m.TdsPrintableViewPage,
    })),
  ),
  '/tcs-printable-view': lazy(() =>
    import('./features/reconciliation/print/PrintableViewPage.tsx').then((m) => ({
      default: m.TcsPrintableViewPage,
    })),
  ),
  '/customer-compliance': lazy(() =>
    import('./features/reconciliation/compliance/CustomerCompliancePage.tsx').then((m) => ({
      default: m.CustomerCompliancePage,
    })),
  ),
  '/new-34a-reconciliation': lazy(() =>
    import('./features/payable/submit/New34aPage.tsx').then((m) => ({ default: m.New34aPage })),
  ),
  '/view-34a-reconciliation': lazy(() =>
    import('./features/payable/jobs/PayableJobsPage.tsx').then((m) => ({ default: m.PayableJobsPage })),
  ),
  '/tds-payable-job': lazy(() =>
    import('./features/payable/result/PayableResultPage.tsx').then((m) => ({ default: m.PayableResultPage })),
  ),
  '/view-34a-output-annual': lazy(() =>
    import('./features/payable/annual/AnnualOutputPage.tsx').then((m) => ({ default: m.AnnualOutputPage })),
  ),
  '/tds-payable/explore': lazy(() =>
    import('./features/payable/explore/ExplorePage.tsx').then((m) => ({ default: m.ExplorePage })),
  ),
  '/tds-payable/quarterly-challan-summary': lazy(() =>
    import('./features/challans/QuarterlyChallanSummaryPage.tsx').then((m) => ({
      default: m.QuarterlyChallanSummaryPage,
    })),
  ),
  '/tds-payable-reports': lazy(() =>
    import('./features/payable/reports/PayableReportsPage.tsx').then((m) => ({
      default: m.PayableReportsPage,
    })),
  ),
  '/tds-payable-error-reports': lazy(() =>
    import('./features/payable/reports/PayableReportsPage.tsx').then((m) => ({
      default: m.PayableErrorReportsPage,
    })),
  ),
  // TDS payable data in (spec part 3 "Uploads and folders")
  '/upload-expense': lazy(() =>
    import('./features/payable-data/UploadExpensePage.tsx').then((m) => ({ default: m.UploadExpensePage })),
  ),
  '/search-expense': lazy(() =>
    import('./features/payable-data/SearchExpensePage.tsx').then((m) => ({ default: m.SearchExpensePage })),
  ),
  '/search-expense-ledger': lazy(() =>
    import('./features/payable-data/SearchExpensePage.tsx').then((m) => ({ default: m.SearchExpensePage })),
  ),
  '/upload-payment': lazy(() =>
    import('./features/payable-data/UploadPaymentPage.tsx').then((m) => ({ default: m.UploadPaymentPage })),
  ),
  '/search-payment': lazy(() =>
    import('./features/payable-data/SearchPaymentPage.tsx').then((m) => ({ default: m.SearchPaymentPage })),
  ),
  '/upload-ltdc': lazy(() =>
    import('./features/payable-data/ReferenceUploadPage.tsx').then((m) => ({ default: m.UploadLtdcPage })),
  ),
  '/upload-tan-itr': lazy(() =>
    import('./features/payable-data/ReferenceUploadPage.tsx').then((m) => ({ default: m.UploadTanItrPage })),
  ),
  '/search-section-expense-type': lazy(() =>
    import('./features/section-rules/SearchSectionExpenseTypePage.tsx').then((m) => ({
      default: m.SearchSectionExpenseTypePage,
    })),
  ),
  '/search-expense-section-mapping': lazy(() =>
    import('./features/section-rules/SearchExpenseSectionMappingPage.tsx').then((m) => ({
      default: m.SearchExpenseSectionMappingPage,
    })),
  ),
  '/section-expense-type': lazy(() =>
    import('./features/section-rules/UploadReferencePage.tsx').then((m) => ({
      default: m.UploadSectionExpenseTypePage,
    })),
  ),
  '/upload-expense-section-mapping': lazy(() =>
    import('./features/section-rules/UploadReferencePage.tsx').then((m) => ({
      default: m.UploadExpenseSectionMappingPage,
    })),
  ),
  '/transformation-rule': lazy(() =>
    import('./features/section-rules/RuleSetsPage.tsx').then((m) => ({ default: m.RuleSetsPage })),
  ),
  '/raw-upload-expense': lazy(() =>
    import('./features/section-rules/RawUploadExpensePage.tsx').then((m) => ({
      default: m.RawUploadExpensePage,
    })),
  ),
  '/empty': lazy(() =>
    import('./features/placeholder/EmptyPage.tsx').then((m) => ({ default: m.EmptyPage })),
  ),
  '/ingest-form-16-a': lazy(() =>
    import('./features/documents/Form16aUploadPage.tsx').then((m) => ({ default: m.Form16aUploadPage })),
  ),
  '/bulk-ingest-form-16-a': lazy(() =>
    import('./features/documents/Form16aBulkUploadPage.tsx').then((m) => ({
      default: m.Form16aBulkUploadPage,
    })),
  ),
  '/search-form-16-a': lazy(() =>
    import('./features/documents/SearchForm16aPage.tsx').then((m) => ({ default: m.SearchForm16aPage })),
  ),
  '/follow-up': lazy(() =>
    import('./features/follow-ups/ThreadPage.tsx').then((m) => ({ default: m.ThreadPage })),
  ),
  '/bulk-follow-up': lazy(() =>
    import('./features/follow-ups/BulkFollowUpPage.tsx').then((m) => ({ default: m.BulkFollowUpPage })),
  ),
  '/search-follow-ups': lazy(() =>
    import('./features/follow-ups/SearchFollowUpsPage.tsx').then((m) => ({ default: m.SearchFollowUpsPage })),
  ),
  '/reconcile-26q-file': lazy(() =>
    import('./features/form26q/Form26qPage.tsx').then((m) => ({ default: m.Form26qPage })),
  ),
};
