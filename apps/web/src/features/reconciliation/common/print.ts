import './print.css';

// Prints one element alone through the browser's dialog, whose "Save as PDF"
// offers `<fileName>.pdf`: the page title names the file.
export const printElement = (element: HTMLElement | null, fileName: string): void => {
  if (!element) return;
  const title = document.title;
  document.title = fileName;
  document.body.classList.add('recon-printing-region');
  element.classList.add('recon-print-target');
  const restore = () => {
    document.title = title;
    document.body.classList.remove('recon-printing-region');
    element.classList.remove('recon-print-target');
    window.removeEventListener('afterprint', restore);
  };
  window.addEventListener('afterprint', restore);
  window.print();
};

// The class of a page printed whole (the print views): the shell is left out.
export const PRINT_PAGE_CLASS = 'recon-print-page';
