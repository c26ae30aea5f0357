import BudgetKit

/// The order `list`, `export` and `watch` share: `--sort KEY[,KEY...]` and `--descending`,
/// declared once like ``FilterOptions``.
struct OrderOptions {
    static var arguments: [CommandArgument<OrderOptions>] {[
        .option(\.keys, "sort", "keys", default: "date",
                help: "Order by these keys in turn, then by id; a - before a key sorts it largest (or newest) first, "
                    + "like category,-amount."),
        .flag(\.descending, "descending", help: "Reverse the whole order: largest (or newest) first."),
    ]}

    var keys: SortKeys?
    var descending = false

    /// The sort asked for: by date unless `--sort` says otherwise, reversed by `--descending`.
    var sort: TransactionSort {
        let sort = keys?.sort ?? TransactionSort()
        return descending ? sort.reversed : sort
    }
}
