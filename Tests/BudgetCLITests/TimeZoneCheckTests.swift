#if canImport(Glibc)
import Glibc
#endif
import BudgetKit
import Testing
@testable import BudgetCLI

/// `TZ` that names no zone: the C library takes it as UTC without a word, so "today" and
/// `--month last` quietly moved (a cron job at 00:05 on New Year's Day in Berlin, with a typo in
/// its `TZ`, reported November as last month). Each command now warns, whatever `--quiet` says.
@Suite struct TimeZoneCheckTests {
    @Test(arguments: [
        "Europe/Berlin", ":Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin", "UTC", "EST5EDT", "CET-1", "UTC0",
        "<+0530>-5:30", "America/Argentina/Buenos_Aires",
    ])
    func aZoneThisMachineKnowsOrAPOSIXRuleIsTakenSilently(zone: String) {
        #expect(TimeZoneCheck.warning(["TZ": zone]) == nil)
    }

    @Test(arguments: ["Europe/Berln", "Nowhere/Bogus", "XYZ", ":XYZ5", "/nonexistent/zone", "Europe", "../../etc/passwd", "<+05>"])
    func aZoneItCannotReadIsNamed(zone: String) {
        #expect(TimeZoneCheck.warning(["TZ": zone]) == "budget: warning: TZ='\(zone)' names no time zone this machine knows, "
            + "so days are taken in UTC; name one as in /usr/share/zoneinfo (TZ=Europe/Berlin), or unset TZ for this machine's own")
    }

    @Test func unsetIsTheMachinesZoneAndEmptyIsNamed() {
        #expect(TimeZoneCheck.warning([:]) == nil)
        #expect(TimeZoneCheck.warning(["TZ": ""]) == "budget: warning: TZ is set but empty, so days are taken in UTC; "
            + "unset it for this machine's time zone, or name one (TZ=Europe/Berlin)")
    }

    @Test func tzdirIsWhereZonesAre() {
        let sandbox = Sandbox()
        #expect(TimeZoneCheck.warning(["TZ": "Home/Zone", "TZDIR": sandbox.directory]) != nil)
        #expect(mkdir(sandbox.directory + "/Home", 0o700) == 0)
        _ = sandbox.write("Home/Zone", "TZif")
        #expect(TimeZoneCheck.warning(["TZ": "Home/Zone", "TZDIR": sandbox.directory]) == nil)
    }

    @Test func everyCommandWarnsOnStandardErrorAndStillRuns() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let run = sandbox.run("-q", "report", "--month", "2026-11", "--format", "csv", environment: ["TZ": "Europe/Berln"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("month,category,"))
        #expect(run.stderr == "budget: warning: TZ='Europe/Berln' names no time zone this machine knows, so days are taken in UTC; "
            + "name one as in /usr/share/zoneinfo (TZ=Europe/Berlin), or unset TZ for this machine's own\n")
        #expect(sandbox.run("-q", "report", "--month", "2026-11", environment: ["TZ": "Europe/Berlin"]).stderr == "")
    }
}
