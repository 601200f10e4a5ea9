// A summary line of the TDS payable explore screen: what its challans belong to.
export interface ChallanLine {
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: 'company' | 'individual' | 'others';
}
