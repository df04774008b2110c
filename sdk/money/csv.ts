/** A CSV file the platform built: its text, file name and row count. */
export interface CsvFile {
  csv: string
  filename: string
  rows: number
}

/**
 * Hands a CSV file the platform built to the browser as a download (nothing outside a browser).
 * @returns the file's row count
 */
export function saveCsv(file: CsvFile): number {
  if (typeof document !== 'undefined') {
    const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = file.filename
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return file.rows
}
