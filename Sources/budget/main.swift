import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

// A reader that goes away (`budget export | head -1`) must not kill us: write(2) then reports
// EPIPE, which BudgetCLI turns into a quiet exit 0.
signal(SIGPIPE, SIG_IGN)
exit(BudgetCLI.main())
