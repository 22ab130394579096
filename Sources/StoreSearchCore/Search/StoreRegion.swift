import Foundation

/// The iTunes Store's regions (two-letter ISO 3166 codes), with their names in the user's language.
public enum StoreRegion {
    /// Countries the iTunes Search API serves.
    public static let codes: [String] = [
        "AE", "AG", "AI", "AL", "AM", "AO", "AR", "AT", "AU", "AZ", "BB", "BE", "BF", "BG", "BH", "BJ",
        "BM", "BN", "BO", "BR", "BS", "BT", "BW", "BY", "BZ", "CA", "CG", "CH", "CL", "CN", "CO", "CR",
        "CV", "CY", "CZ", "DE", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "ES", "FI", "FJ", "FM", "FR",
        "GB", "GD", "GH", "GM", "GR", "GT", "GW", "GY", "HK", "HN", "HR", "HU", "ID", "IE", "IL", "IN",
        "IS", "IT", "JM", "JO", "JP", "KE", "KG", "KH", "KN", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
        "LK", "LR", "LT", "LU", "LV", "MD", "MG", "MK", "ML", "MN", "MO", "MR", "MS", "MT", "MU", "MW",
        "MX", "MY", "MZ", "NA", "NE", "NG", "NI", "NL", "NO", "NP", "NZ", "OM", "PA", "PE", "PG", "PH",
        "PK", "PL", "PT", "PW", "PY", "QA", "RO", "RU", "SA", "SB", "SC", "SE", "SG", "SI", "SK", "SL",
        "SN", "SR", "ST", "SV", "SZ", "TC", "TD", "TH", "TJ", "TM", "TN", "TR", "TT", "TW", "TZ", "UA",
        "UG", "US", "UY", "UZ", "VC", "VE", "VG", "VN", "YE", "ZA", "ZW",
    ]

    private static let known = Set(codes)

    /// The code in upper case when the store serves it ("de" → "DE"), else nil.
    public static func normalized(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        return known.contains(code) ? code : nil
    }

    /// The store region of a locale's region, when the store serves it.
    public static func code(of locale: Locale) -> String? {
        locale.region.flatMap { normalized($0.identifier) }
    }

    /// "Deutschland" for DE in German, "Germany" in English; the code when ICU has no name.
    public static func name(of code: String, in locale: Locale) -> String {
        locale.localizedString(forRegionCode: code) ?? code
    }

    /// Every region with its name in `locale`, sorted by name as that language sorts.
    public static func all(in locale: Locale) -> [(code: String, name: String)] {
        codes.map { ($0, name(of: $0, in: locale)) }
            .sorted {
                $0.name.compare($1.name, options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
                    == .orderedAscending
            }
    }
}
