/// How to read a bank file; every setting left alone is detected.
public struct BankFileOptions: Hashable, Sendable {
    /// The format (`--file-format`), or `nil` to find it from the content.
    public var format: BankFileFormat?
    /// The text encoding (`--encoding`), or `nil` to detect it (see ``TextEncoding``).
    public var encoding: TextEncoding?
    /// The decimal separator of amounts in QIF files (`--decimal-comma`, `--decimal-point`).
    /// OFX, CAMT and MT940 define theirs: OFX allows a point or a comma and no grouping, CAMT a
    /// point, MT940 a comma.
    public var decimalSeparator = DecimalSeparator.detect
    /// The order of numeric dates' parts in QIF files (`--date-format`). OFX, CAMT and MT940
    /// define theirs (year first).
    public var dateOrder = DateOrder.detect

    /// Everything detected.
    public init(format: BankFileFormat? = nil, encoding: TextEncoding? = nil,
                decimalSeparator: DecimalSeparator = .detect, dateOrder: DateOrder = .detect) {
        self.format = format
        self.encoding = encoding
        self.decimalSeparator = decimalSeparator
        self.dateOrder = dateOrder
    }
}
