/// An RFC 4180 reader for the tests: quoted fields with doubled quotes and line breaks, CRLF rows.
public enum MyItemsCSV {
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field); field = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(field); rows.append(row); row = []; field = ""
            } else {
                field.append(character)
            }
        }
        return rows
    }
}
