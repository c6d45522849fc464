import {
  Cell as AriaCell,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  composeRenderProps,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import './Table.css';

/**
 * A react-aria table: arrow keys move between rows and cells, Enter runs the row action, and
 * screen readers hear the column of each cell. Below 48rem the rows stack as cards; give each
 * cell a `label` so the column name is still visible there.
 */
export function Table({ className, ...props }: TableProps) {
  return <AriaTable {...props} className={composeRenderProps(className, (given) => cx('table', given))} />;
}

export function TableHeader<T extends object>({ className, ...props }: TableHeaderProps<T>) {
  return (
    <AriaTableHeader {...props} className={composeRenderProps(className, (given) => cx('table__header', given))} />
  );
}

export function Column({ className, ...props }: ColumnProps) {
  return <AriaColumn {...props} className={composeRenderProps(className, (given) => cx('table__column', given))} />;
}

export function TableBody<T extends object>({ className, ...props }: TableBodyProps<T>) {
  return <AriaTableBody {...props} className={composeRenderProps(className, (given) => cx('table__body', given))} />;
}

export function Row<T extends object>({ className, ...props }: RowProps<T>) {
  return <AriaRow {...props} className={composeRenderProps(className, (given) => cx('table__row', given))} />;
}

export interface TableCellProps extends CellProps {
  /** The column name, shown only when rows stack as cards (the header row is hidden then). */
  label?: string;
}

export function Cell({ className, label, children, ...props }: TableCellProps) {
  return (
    <AriaCell {...props} className={composeRenderProps(className, (given) => cx('table__cell', given))}>
      {composeRenderProps(children, (content) => (
        <>
          {label && (
            <span className="table__cell-label" aria-hidden="true">
              {label}
            </span>
          )}
          {content}
        </>
      ))}
    </AriaCell>
  );
}
