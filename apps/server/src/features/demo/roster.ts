import type { Holder } from './identifiers.ts';
import type { PlaceKey } from './places.ts';

// The demo company's customers and vendors. Names are invented. Each planted
// reconciliation case sits on a named customer so the expectations can point
// at it whatever the seed; the seed changes identifiers, dates and amounts.

export type CustomerCase =
  | 'regular'
  // 26AS tax a few rupees short on one credit: inside a small tolerance.
  | 'small-tax-difference'
  // Deducted at 2% instead of 10% on a few invoices: far outside any tolerance.
  | 'large-tax-difference'
  // Never deducted: every invoice is missing from 26AS.
  | 'never-deducted'
  // Deducted on all but two invoices.
  | 'some-invoices-missing'
  // Credits in 26AS, no invoice in the sales book.
  | 'missing-from-sales'
  // One invoice paid (and credited) in three parts; three invoices credited as one.
  | 'split-credits'
  // Late-March invoices credited in April of the next year.
  | 'carry-forward'
  // Sales rows carry the GSTIN only: the customer is found by the PAN inside it.
  | 'no-tan-in-sales'
  // Sales rows spell the name differently and carry no identifier: the mapping file resolves it.
  | 'name-variant'
  // A credit booked, reversed (negative row, remark B) and booked again.
  | 'reversal'
  // Q3 credits with status U (unmatched challan): matched but not claimable.
  | 'unmatched-status'
  // A government deductor: Q4 credits with status P (provisional).
  | 'provisional-status'
  // Two invoices of the same day and amount: two identical 26AS rows.
  | 'identical-rows'
  // Not in the customer master; sales rows carry the name alone, in another
  // spelling of the legal form: resolved against the 26AS deductor's name.
  | 'name-only';

export interface CustomerSpec {
  code: string;
  // As 26AS prints the deductor (upper case).
  legalName: string;
  // As the sales book (and the master's customerName) has it.
  bookName: string;
  holder: Holder;
  entityType: string;
  // Initial used in the PAN (surname for a person) and the TAN.
  initial: string;
  place: PlaceKey;
  section: '194J' | '194C';
  // TDS rate in basis points: 194J professional fees 10%; 194C contractors 2% (not individual/HUF).
  rateBasisPoints: number;
  invoicesPerYear: number;
  // Typical fee in rupees, before GST.
  typicalFee: number;
  case: CustomerCase;
  contact: readonly [title: string, first: string, last: string];
}

const c = (
  code: string,
  legalName: string,
  bookName: string,
  holder: Holder,
  entityType: string,
  place: PlaceKey,
  section: '194J' | '194C',
  invoicesPerYear: number,
  typicalFee: number,
  caseName: CustomerCase,
  contact: readonly [string, string, string],
  initial = legalName[0]!,
): CustomerSpec => ({
  code,
  legalName,
  bookName,
  holder,
  entityType,
  initial,
  place,
  section,
  rateBasisPoints: section === '194J' ? 1000 : 200,
  invoicesPerYear,
  typicalFee,
  case: caseName,
  contact,
});

const PVT = 'Private Limited Company';
const PUB = 'Public Limited Company';
const LLP = 'Limited Liability Partnership';
const FIRM = 'Partnership Firm';
const PROP = 'Proprietorship';
const GOVT = 'Government Department';

// biome-ignore format: a table reads better one customer a line
export const CUSTOMERS: readonly CustomerSpec[] = [
  c('C001', 'AAROHAN FINTECH PRIVATE LIMITED', 'Aarohan Fintech Pvt Ltd', 'company', PVT, 'mumbai', '194J', 90, 185_000, 'regular', ['Ms', 'Neha', 'Kapoor']),
  c('C002', 'BHARAT AGRO PROCESSING LIMITED', 'Bharat Agro Processing Ltd', 'company', PUB, 'nashik', '194J', 44, 95_000, 'regular', ['Mr', 'Sunil', 'Patil']),
  c('C003', 'CHINMAY HOSPITALS PRIVATE LIMITED', 'Chinmay Hospitals Pvt Ltd', 'company', PVT, 'pune', '194J', 44, 120_000, 'regular', ['Dr', 'Ashwin', 'Joshi']),
  c('C004', 'DECCAN FREIGHT CARRIERS PRIVATE LIMITED', 'Deccan Freight Carriers Pvt Ltd', 'company', PVT, 'hyderabad', '194C', 44, 65_000, 'regular', ['Mr', 'Srinivas', 'Rao']),
  c('C005', 'ELPHINSTONE CAPITAL ADVISORS LLP', 'Elphinstone Capital Advisors LLP', 'firm', LLP, 'mumbai', '194J', 26, 150_000, 'regular', ['Mr', 'Rohan', 'Desai']),
  c('C006', 'FALCON AEROSPACE COMPONENTS LIMITED', 'Falcon Aerospace Components Ltd', 'company', PUB, 'bengaluru', '194J', 90, 240_000, 'regular', ['Mr', 'Karthik', 'Hegde']),
  c('C007', 'GANGA TEXTILES LIMITED', 'Ganga Textiles Ltd', 'company', PUB, 'kolkata', '194J', 44, 110_000, 'carry-forward', ['Mr', 'Arindam', 'Bose']),
  c('C008', 'HIMALAYAN ORGANICS PRIVATE LIMITED', 'Himalayan Organics Pvt Ltd', 'company', PVT, 'chandigarh', '194J', 26, 70_000, 'regular', ['Ms', 'Simran', 'Gill']),
  c('C009', 'INDUS VALLEY CERAMICS LIMITED', 'Indus Valley Ceramics Ltd', 'company', PUB, 'jaipur', '194C', 26, 55_000, 'regular', ['Mr', 'Vikram', 'Shekhawat']),
  c('C010', 'JANAKI SILKS PRIVATE LIMITED', 'Janaki Silks Pvt Ltd', 'company', PVT, 'chennai', '194J', 12, 48_000, 'regular', ['Ms', 'Lakshmi', 'Narayanan']),
  c('C011', 'KALPATARU SOFTWARE SOLUTIONS PRIVATE LIMITED', 'Kalpataru Software Solutions Pvt Ltd', 'company', PVT, 'bengaluru', '194J', 90, 210_000, 'small-tax-difference', ['Mr', 'Prakash', 'Shetty']),
  c('C012', 'KONARK INFOTECH PRIVATE LIMITED', 'Konark Infotech Pvt Ltd', 'company', PVT, 'bhubaneswar', '194J', 26, 90_000, 'no-tan-in-sales', ['Mr', 'Debashish', 'Mohanty']),
  c('C013', 'LOKMANYA ENGINEERING PRIVATE LIMITED', 'Lokmanya Engineering Pvt Ltd', 'company', PVT, 'pune', '194C', 44, 140_000, 'reversal', ['Mr', 'Mahesh', 'Kulkarni']),
  c('C014', 'MEGHDOOT RETAIL LIMITED', 'Meghdoot Retail Ltd', 'company', PUB, 'kolkata', '194J', 44, 160_000, 'large-tax-difference', ['Ms', 'Paromita', 'Sen']),
  c('C015', 'NILGIRI HOSPITALITY PRIVATE LIMITED', 'Nilgiri Hospitality Pvt Ltd', 'company', PVT, 'coimbatore', '194J', 26, 60_000, 'never-deducted', ['Mr', 'Senthil', 'Kumar']),
  c('C016', 'ORION BIOSCIENCES LIMITED', 'Orion Biosciences Ltd', 'company', PUB, 'hyderabad', '194J', 6, 90_000, 'missing-from-sales', ['Dr', 'Anjali', 'Reddy']),
  c('C017', 'PARTH INFRA PROJECTS PRIVATE LIMITED', 'Parth Infra Projects Pvt Ltd', 'company', PVT, 'ahmedabad', '194C', 26, 175_000, 'regular', ['Mr', 'Parth', 'Shah']),
  c('C018', 'PINNACLE EDUTECH PRIVATE LIMITED', 'Pinnacle Edutech Pvt Ltd', 'company', PVT, 'noida', '194J', 26, 80_000, 'name-variant', ['Ms', 'Ritu', 'Agarwal']),
  c('C019', 'QUANTUM LEAP ANALYTICS PRIVATE LIMITED', 'Quantum Leap Analytics Pvt Ltd', 'company', PVT, 'gurugram', '194J', 44, 130_000, 'regular', ['Mr', 'Aman', 'Malhotra']),
  c('C020', 'RANGOLI MEDIA PRIVATE LIMITED', 'Rangoli Media Pvt Ltd', 'company', PVT, 'mumbai', '194J', 44, 75_000, 'identical-rows', ['Ms', 'Pooja', 'Menon']),
  c('C021', 'SABARMATI CHEMICALS LIMITED', 'Sabarmati Chemicals Ltd', 'company', PUB, 'ahmedabad', '194J', 44, 145_000, 'carry-forward', ['Mr', 'Hitesh', 'Patel']),
  c('C022', 'SAHYADRI FOODS LIMITED', 'Sahyadri Foods Ltd', 'company', PUB, 'pune', '194J', 44, 85_000, 'some-invoices-missing', ['Mr', 'Nitin', 'Gokhale']),
  c('C023', 'SHREE GANESH ENTERPRISES', 'Shree Ganesh Enterprises, Nashik', 'firm', FIRM, 'nashik', '194C', 26, 45_000, 'regular', ['Mr', 'Ganesh', 'Pawar']),
  c('C024', 'SHREE GANESH ENTERPRISES', 'Shree Ganesh Enterprises, Indore', 'firm', FIRM, 'indore', '194C', 12, 50_000, 'regular', ['Mr', 'Rakesh', 'Jain']),
  c('C025', 'WATER RESOURCES DEPARTMENT', 'Water Resources Department, GoM', 'government', GOVT, 'mumbai', '194J', 12, 250_000, 'provisional-status', ['Shri', 'Dilip', 'Bhosale'], 'W'),
  c('C026', 'TRIVENI STEEL TUBES LIMITED', 'Triveni Steel Tubes Ltd', 'company', PUB, 'chennai', '194J', 90, 95_000, 'regular', ['Mr', 'Ramesh', 'Iyengar']),
  c('C027', 'UDAAN MOBILITY PRIVATE LIMITED', 'Udaan Mobility Pvt Ltd', 'company', PVT, 'bengaluru', '194J', 44, 115_000, 'regular', ['Ms', 'Kavya', 'Gowda']),
  c('C028', 'VASUNDHARA REALTY PRIVATE LIMITED', 'Vasundhara Realty Pvt Ltd', 'company', PVT, 'gurugram', '194J', 44, 200_000, 'split-credits', ['Mr', 'Sandeep', 'Yadav']),
  c('C029', 'WESTERN GHATS COFFEE COMPANY LIMITED', 'Western Ghats Coffee Co Ltd', 'company', PUB, 'kochi', '194J', 26, 68_000, 'regular', ['Mr', 'Thomas', 'Kurian']),
  c('C030', 'YAMUNA MOTORS PRIVATE LIMITED', 'Yamuna Motors Pvt Ltd', 'company', PVT, 'noida', '194C', 44, 90_000, 'unmatched-status', ['Mr', 'Manoj', 'Tyagi']),
  c('C031', 'ZENITH PHARMA LABS LIMITED', 'Zenith Pharma Labs Ltd', 'company', PUB, 'hyderabad', '194J', 90, 175_000, 'regular', ['Dr', 'Kiran', 'Varma']),
  c('C032', 'MEHTA DIAGNOSTIC CENTRE', 'Mehta Diagnostic Centre', 'individual', PROP, 'pune', '194J', 12, 40_000, 'regular', ['Dr', 'Anil', 'Mehta'], 'M'),
  c('C033', 'IYER DENTAL CLINIC', 'Iyer Dental Clinic', 'individual', PROP, 'chennai', '194J', 12, 35_000, 'regular', ['Dr', 'Radhika', 'Iyer'], 'I'),
  c('C034', 'ARAVALLI CEMENT WORKS LIMITED', 'Aravalli Cement Works Ltd', 'company', PUB, 'jaipur', '194J', 26, 125_000, 'regular', ['Mr', 'Gaurav', 'Rathore']),
  c('C035', 'BRAHMAPUTRA TEA ESTATES LIMITED', 'Brahmaputra Tea Estates Ltd', 'company', PUB, 'kolkata', '194J', 26, 72_000, 'regular', ['Mr', 'Pranab', 'Das']),
  c('C036', 'CAUVERY POWER GENERATION LIMITED', 'Cauvery Power Generation Ltd', 'company', PUB, 'bengaluru', '194J', 44, 220_000, 'regular', ['Mr', 'Naveen', 'Murthy']),
  c('C037', 'DHANVANTARI HEALTHCARE LLP', 'Dhanvantari Healthcare LLP', 'firm', LLP, 'kochi', '194J', 26, 58_000, 'regular', ['Dr', 'Meera', 'Nair']),
  c('C038', 'EKLAVYA LEARNING SYSTEMS PRIVATE LIMITED', 'Eklavya Learning Systems Pvt Ltd', 'company', PVT, 'indore', '194J', 26, 66_000, 'regular', ['Mr', 'Alok', 'Dubey']),
  c('C039', 'GOMTI AGRITECH PRIVATE LIMITED', 'Gomti Agritech Pvt Ltd', 'company', PVT, 'noida', '194J', 26, 52_000, 'regular', ['Mr', 'Vivek', 'Srivastava']),
  c('C040', 'HARBOUR LINE SHIPPING PRIVATE LIMITED', 'Harbour Line Shipping Pvt Ltd', 'company', PVT, 'mumbai', '194C', 44, 98_000, 'regular', ['Mr', 'Farhan', 'Merchant']),
  c('C041', 'KONKAN COASTAL LOGISTICS PRIVATE LIMITED', 'Konkan Coastal Logistics (P) Ltd.', 'company', PVT, 'mumbai', '194J', 12, 42_000, 'name-only', ['Mr', 'Sachin', 'Sawant']),
];

// Customers the demo company's master lists: all but the name-only one.
export const inCustomerMaster = (c: { case: CustomerCase }): boolean => c.case !== 'name-only';

// A regular customer whose branch office deducts from October on, under a
// TAN of its own that the customer master does not hold: its credits still
// resolve to the customer by its name, and Link Customers in 26AS to Sales
// proposes the branch's TAN for it.
export const BRANCH_TAN_CUSTOMER = 'C003';
// From when the branch deducts: month and day in the financial year's first
// calendar year (1 October 2024 for 2024-25).
export const BRANCH_FROM_DAY = '10-01';

// How the name-variant customer is spelled in the sales book.
export const NAME_VARIANT_BOOK_NAME = 'Pinacle Edu-Tech Pvt. Ltd.';

export type VendorCase = 'regular' | 'tcs-missing-q4';

export interface VendorSpec {
  code: string;
  legalName: string;
  bookName: string;
  holder: Holder;
  vendorType: 'Personal' | 'Company';
  initial: string;
  place: PlaceKey;
  bills: number;
  // Typical bill in rupees before GST.
  typicalBill: number;
  gstBasisPoints: number;
  billPrefix: string;
  case: VendorCase;
  contact: readonly [title: string, first: string, last: string];
}

const v = (
  code: string,
  legalName: string,
  bookName: string,
  holder: Holder,
  place: PlaceKey,
  bills: number,
  typicalBill: number,
  gstBasisPoints: number,
  billPrefix: string,
  caseName: VendorCase,
  contact: readonly [string, string, string],
  initial = legalName[0]!,
): VendorSpec => ({
  code,
  legalName,
  bookName,
  holder,
  vendorType: holder === 'individual' ? 'Personal' : 'Company',
  initial,
  place,
  bills,
  typicalBill,
  gstBasisPoints,
  billPrefix,
  case: caseName,
  contact,
});

// Sellers of goods. Four sell more than 50 lakh in the year and collect TCS
// under section 206C(1H) on the excess; the others stay below it.
// biome-ignore format: a table reads better one vendor a line
export const VENDORS: readonly VendorSpec[] = [
  v('V001', 'TECHVISION COMPUTERS PRIVATE LIMITED', 'Techvision Computers Pvt Ltd', 'company', 'mumbai', 40, 220_000, 1800, 'TVC', 'regular', ['Mr', 'Jignesh', 'Doshi']),
  v('V002', 'PRISM ELECTRONICS LIMITED', 'Prism Electronics Ltd', 'company', 'bengaluru', 30, 250_000, 1800, 'PEL', 'regular', ['Ms', 'Shalini', 'Rao']),
  v('V003', 'RELIABLE POWER SYSTEMS PRIVATE LIMITED', 'Reliable Power Systems Pvt Ltd', 'company', 'chennai', 25, 300_000, 1800, 'RPS', 'regular', ['Mr', 'Venkat', 'Subramanian']),
  v('V004', 'NETCORE NETWORKING SOLUTIONS PRIVATE LIMITED', 'Netcore Networking Solutions Pvt Ltd', 'company', 'hyderabad', 36, 250_000, 1800, 'NNS', 'tcs-missing-q4', ['Mr', 'Ravi', 'Teja']),
  v('V005', 'METRO CABLES AND WIRES LIMITED', 'Metro Cables & Wires Ltd', 'company', 'delhi', 25, 160_000, 1800, 'MCW', 'regular', ['Mr', 'Harish', 'Arora']),
  v('V006', 'SHAKTI OFFICE FURNITURE', 'Shakti Office Furniture', 'firm', 'pune', 20, 120_000, 1800, 'SOF', 'regular', ['Mr', 'Ajay', 'Shinde']),
  v('V007', 'SUNDARAM STATIONERS', 'Sundaram Stationers', 'individual', 'pune', 12, 15_000, 1200, 'SS', 'regular', ['Mr', 'Sundaram', 'Pillai'], 'P'),
  v('V008', 'KOHINOOR PANTRY SUPPLIES', 'Kohinoor Pantry Supplies', 'firm', 'mumbai', 12, 20_000, 500, 'KPS', 'regular', ['Mr', 'Imran', 'Sheikh']),
];
