// Indian cities with their GST state code, the three-letter prefix of TANs
// allotted there, a PIN code and the sales region a company would file them under.

export interface Place {
  city: string;
  state: string;
  // GST state code: the first two digits of a GSTIN.
  stateCode: string;
  tanPrefix: string;
  pin: string;
  region: 'West' | 'South' | 'North' | 'East' | 'Central';
  streets: readonly string[];
}

const place = (
  city: string,
  state: string,
  stateCode: string,
  tanPrefix: string,
  pin: string,
  region: Place['region'],
  streets: readonly string[],
): Place => ({ city, state, stateCode, tanPrefix, pin, region, streets });

export const PLACES = {
  pune: place('Pune', 'Maharashtra', '27', 'PNE', '411045', 'West', [
    'Baner Road',
    'FC Road',
    'Hinjawadi Phase 1',
  ]),
  mumbai: place('Mumbai', 'Maharashtra', '27', 'MUM', '400051', 'West', [
    'Bandra Kurla Complex',
    'Nariman Point',
    'Andheri East',
  ]),
  nashik: place('Nashik', 'Maharashtra', '27', 'NSK', '422007', 'West', ['Satpur MIDC', 'College Road']),
  ahmedabad: place('Ahmedabad', 'Gujarat', '24', 'AHM', '380015', 'West', ['SG Highway', 'Ashram Road']),
  bengaluru: place('Bengaluru', 'Karnataka', '29', 'BLR', '560103', 'South', [
    'Outer Ring Road',
    'Whitefield',
    'Koramangala',
  ]),
  chennai: place('Chennai', 'Tamil Nadu', '33', 'CHE', '600113', 'South', [
    'Old Mahabalipuram Road',
    'Guindy',
  ]),
  coimbatore: place('Coimbatore', 'Tamil Nadu', '33', 'CMB', '641018', 'South', [
    'Avinashi Road',
    'Peelamedu',
  ]),
  hyderabad: place('Hyderabad', 'Telangana', '36', 'HYD', '500081', 'South', ['HITEC City', 'Banjara Hills']),
  kochi: place('Kochi', 'Kerala', '32', 'CHN', '682024', 'South', ['Kakkanad', 'MG Road']),
  delhi: place('New Delhi', 'Delhi', '07', 'DEL', '110020', 'North', ['Okhla Phase II', 'Connaught Place']),
  gurugram: place('Gurugram', 'Haryana', '06', 'RTK', '122002', 'North', [
    'DLF Cyber City',
    'Golf Course Road',
  ]),
  noida: place('Noida', 'Uttar Pradesh', '09', 'MRT', '201301', 'North', ['Sector 62', 'Sector 18']),
  jaipur: place('Jaipur', 'Rajasthan', '08', 'JPR', '302017', 'North', ['Malviya Nagar', 'Tonk Road']),
  chandigarh: place('Chandigarh', 'Chandigarh', '04', 'PTL', '160017', 'North', ['Industrial Area Phase I']),
  kolkata: place('Kolkata', 'West Bengal', '19', 'CAL', '700091', 'East', [
    'Salt Lake Sector V',
    'Park Street',
  ]),
  bhubaneswar: place('Bhubaneswar', 'Odisha', '21', 'BBN', '751024', 'East', ['Patia', 'Infocity Road']),
  indore: place('Indore', 'Madhya Pradesh', '23', 'BPL', '452010', 'Central', ['AB Road', 'Vijay Nagar']),
} as const satisfies Record<string, Place>;

export type PlaceKey = keyof typeof PLACES;

// The demo company's own state: same-state supplies carry CGST + SGST, others IGST.
export const HOME_STATE_CODE = '27';
